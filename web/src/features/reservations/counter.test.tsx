import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import {
  counterOfflineMessage,
  endpoints,
  type KitchenServing,
  type Redemption,
  type RedemptionRefusal,
} from '@hostelhub/contracts';
import { answerDialog } from '@/testing/dialogs';
import { makeServing, testTimeZone, today } from '@/testing/menu';
import { adminProfile, renderPage, sessionFor } from '@/testing/render';
import { onEndpoint, server } from '@/testing/server';
import { CounterPage, servingOpenAt } from './pages/counter';

const lunch = (): KitchenServing => {
  const serving = makeServing({ slot: 'lunch' });
  return {
    _id: 'lunch-1',
    hallId: serving.hallId,
    slot: 'lunch',
    startsAt: serving.startsAt,
    endsAt: serving.endsAt,
    cutoffAt: serving.cutoffAt,
    meal: { _id: 'soup', title: 'Lentil Soup' },
    reserved: 12,
    served: 3,
    capacity: 40,
    members: null,
    onLeave: 0,
    skipped: 0,
    counted: 12,
  };
};

const staffProfile = { ...adminProfile, _id: 'uid-staff', role: 'staff' as const, name: 'Kim Kitchen' };

const served: Redemption = {
  member: { name: 'Mia Member', photoURL: null, photoSetByMember: false, badge: 'Gold', avoid: ['peanuts'] },
  meal: { _id: 'soup', title: 'Lentil Soup' },
  servingId: 'lunch-1',
  servedAt: new Date().toISOString(),
  walkIn: false,
  served: 4,
  reserved: 12,
};

function renderCounter(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    onEndpoint(endpoints.kitchen, () =>
      HttpResponse.json({ date: today(), timeZone: testTimeZone, closed: null, servings: [lunch()] }),
    ),
    onEndpoint(endpoints.redeemPass, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return answer(body);
    }),
  );
  renderPage('/dashboard/counter', CounterPage, sessionFor(staffProfile));
  return { sent, user: userEvent.setup() };
}

const refused = (status: number, refusal: RedemptionRefusal) => HttpResponse.json(refusal, { status });

async function typeCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  await user.type(await screen.findByLabelText('Short code'), code);
  await user.click(screen.getByRole('button', { name: 'Check code' }));
}

describe('The counter', () => {
  it("shows the serving it works on with its running count, and a green Serve with the diner's allergies", async () => {
    const { sent, user } = renderCounter(() => HttpResponse.json(served, { status: 201 }));
    expect(await screen.findByTestId('counter-count')).toHaveTextContent('3 served / 12 reserved');
    await typeCode(user, 'k7m2qx');
    const answer = await screen.findByTestId('counter-answer');
    expect(answer).toHaveTextContent('Serve');
    expect(answer).toHaveTextContent('Mia Member');
    expect(answer).toHaveTextContent('Gold');
    expect(answer).toHaveTextContent('Lentil Soup');
    expect(answer).toHaveTextContent('Avoids: peanuts');
    expect(answer).toHaveClass('bg-green-800');
    expect(sent).toEqual([{ shortCode: 'K7M2QX', servingId: 'lunch-1' }]);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByTestId('counter-answer')).not.toBeInTheDocument();
    // No photo: nothing to say about one.
    expect(screen.queryByText(/Photo set by the member/)).not.toBeInTheDocument();
  });

  it('says beside the photo that the member set it themselves', async () => {
    const withPhoto: Redemption = {
      ...served,
      member: { ...served.member, photoURL: 'https://images.example.test/mia.png', photoSetByMember: true },
    };
    const { user } = renderCounter(() => HttpResponse.json(withPhoto, { status: 201 }));
    await typeCode(user, 'K7M2QX');
    const answer = await screen.findByTestId('counter-answer');
    expect(within(answer).getByTestId('counter-photo-note')).toHaveTextContent(
      'Photo set by the member, not checked by the hostel',
    );
  });

  it.each([
    [409, { reason: 'already-served', message: 'Mia Member was already served at 12:04', servedBy: 'Kim Kitchen' }],
    [410, { reason: 'expired', message: 'This pass has expired: ask for a fresh one' }],
    [403, { reason: 'membership', message: 'The membership is not current' }],
    [409, { reason: 'wrong-serving', message: 'This pass is for another serving' }],
    [400, { reason: 'invalid', message: 'This is not a valid pass' }],
  ] as [number, RedemptionRefusal][])('answers %i %j in red, with its reason', async (status, refusal) => {
    const { user } = renderCounter(() => refused(status, refusal));
    await typeCode(user, 'K7M2QX');
    const answer = await screen.findByTestId('counter-answer');
    expect(answer).toHaveTextContent('Do not serve');
    expect(answer).toHaveTextContent(refusal.message);
    expect(answer).toHaveClass('bg-red-800');
    if (refusal.servedBy) expect(answer).toHaveTextContent(`Served by ${refusal.servedBy}`);
    expect(screen.queryByRole('button', { name: 'Serve as walk-in' })).not.toBeInTheDocument();
  });

  it('serves a member without a reservation as a walk-in once the staff confirm it', async () => {
    const { sent, user } = renderCounter((body) =>
      body.walkIn
        ? HttpResponse.json({ ...served, walkIn: true }, { status: 201 })
        : refused(409, {
            reason: 'no-reservation',
            message: 'No reservation for this serving',
            walkInAllowed: true,
            member: served.member,
          }),
    );
    await typeCode(user, 'K7M2QX');
    expect(await screen.findByTestId('counter-answer')).toHaveTextContent('No reservation for this serving');
    await user.click(screen.getByRole('button', { name: 'Serve as walk-in' }));
    await answerDialog(user, 'Serve');
    await waitFor(() => expect(screen.getByTestId('counter-answer')).toHaveTextContent('(walk-in)'));
    expect(sent).toEqual([
      { shortCode: 'K7M2QX', servingId: 'lunch-1' },
      { shortCode: 'K7M2QX', servingId: 'lunch-1', walkIn: true },
    ]);
  });

  it('refuses a typed code that cannot be one, without asking the server', async () => {
    const { sent, user } = renderCounter(() => HttpResponse.json(served, { status: 201 }));
    await typeCode(user, 'O0I1');
    expect(await screen.findByRole('alert')).toHaveTextContent('shortCode must be 6 letters or digits');
    expect(sent).toEqual([]);
  });

  it('says it is offline and records nothing while the device has no network', async () => {
    const { sent, user } = renderCounter(() => HttpResponse.json(served, { status: 201 }));
    await screen.findByTestId('counter-count');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(/Offline: nothing can be served/)).toBeInTheDocument();
    await typeCode(user, 'K7M2QX');
    expect(await screen.findByTestId('counter-answer')).toHaveTextContent(counterOfflineMessage);
    expect(sent).toEqual([]);
    onLine.mockRestore();
    window.dispatchEvent(new Event('online'));
  });

  it('works on the serving open now by default', () => {
    const now = Date.now();
    const at = (hours: number) => new Date(now + hours * 3_600_000).toISOString();
    const servings = [
      { ...lunch(), _id: 'past', startsAt: at(-5), endsAt: at(-4) },
      { ...lunch(), _id: 'open', startsAt: at(-0.5), endsAt: at(1) },
      { ...lunch(), _id: 'later', startsAt: at(3), endsAt: at(4) },
    ];
    expect(servingOpenAt(servings, now)?._id).toBe('open');
    expect(servingOpenAt(servings.slice(2), now)?._id).toBe('later');
  });
});
