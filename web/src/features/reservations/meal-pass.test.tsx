import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { endpoints, type CurrentPasses, type MealPass, type OfflinePasses } from '@hostelhub/contracts';
import { makeServing, testTimeZone, today } from '@/testing/menu';
import { memberProfile, renderPage, sessionFor } from '@/testing/render';
import { onEndpoint, server } from '@/testing/server';
import { renewalDelay } from './api/passes';
import { MealPassPage } from './pages/meal-pass';

const reservation = (): CurrentPasses['items'][number] => ({
  requestId: 'req-1',
  servingId: 'lunch-1',
  slot: 'lunch',
  startsAt: new Date(Date.now() + 20 * 60_000).toISOString(),
  endsAt: new Date(Date.now() + 140 * 60_000).toISOString(),
  meal: { _id: 'soup', title: 'Lentil Soup', image: '/images/meals/lunch-1.svg' },
});

const pass = (shortCode: string, secondsLeft = 60): MealPass => ({
  token: `token-${shortCode}-${'x'.repeat(30)}`,
  shortCode,
  expiresAt: new Date(Date.now() + secondsLeft * 1000).toISOString(),
  servingId: 'lunch-1',
  requestId: 'req-1',
});

const renderPass = (session = sessionFor(memberProfile)) => renderPage('/dashboard/meal-pass', MealPassPage, session);

/** Answers kept on the phone by an earlier visit, as lib/offline/offline-answers.ts saves them. */
const keepOnThePhone = (answers: { queryKey: readonly unknown[]; data: unknown; updatedAt?: number }[]) =>
  localStorage.setItem(
    `hostelhub-offline:${memberProfile._id}`,
    JSON.stringify(answers.map((answer) => ({ updatedAt: Date.now(), ...answer }))),
  );

describe('The meal pass', () => {
  beforeEach(() => {
    // Asked for by every visit online, to keep on the phone (ADR 79).
    server.use(onEndpoint(endpoints.offlinePasses, () => HttpResponse.json({ items: [] })));
  });

  it('shows the passes kept on the phone with no connection, marked offline, and asks for no new one', async () => {
    const kept: OfflinePasses = {
      items: [{ ...reservation(), requestId: 'req-1', pass: pass('K7M2QX', 140 * 60) }],
    };
    const created: unknown[] = [];
    server.use(
      onEndpoint(endpoints.offlinePasses, () => HttpResponse.json(kept)),
      onEndpoint(endpoints.currentPasses, () => HttpResponse.json({ items: [reservation()] })),
      onEndpoint(endpoints.createPass, () => {
        created.push(1);
        return HttpResponse.json(pass('ONLINE'), { status: 201 });
      }),
    );
    renderPass();
    // Online first: the renewed pass (the kept one stands in while it is made), and the offline
    // ones asked for beside it.
    await waitFor(() => expect(screen.getByTestId('meal-pass-code')).toHaveTextContent('ONL INE'));
    expect(screen.queryByText(/^Offline/)).toBeNull();
    const asked = created.length;

    act(() => onlineManager.setOnline(false));
    await waitFor(() => expect(screen.getByTestId('meal-pass-code')).toHaveTextContent('K7M 2QX'));
    expect(screen.getByRole('status')).toHaveTextContent(/^Offline · last updated \d\d:\d\d$/);
    expect(screen.getByText('Lunch: Lentil Soup')).toBeInTheDocument();
    expect(await screen.findByTestId('meal-pass-qr')).toHaveAccessibleName('Meal pass QR code for Lentil Soup');
    expect(created).toHaveLength(asked);
  });

  it('online, shows the pass kept on the phone for the serving while the fresh one is made', async () => {
    const keptPasses: OfflinePasses = {
      items: [{ ...reservation(), requestId: 'req-1', pass: pass('K7M2QX', 140 * 60) }],
    };
    keepOnThePhone([{ queryKey: ['passes', 'offline'], data: keptPasses, updatedAt: Date.now() - 3_600_000 }]);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      // The signal is weak: nothing answers until the test says so.
      onEndpoint(endpoints.offlinePasses, async () => {
        await answered;
        return HttpResponse.json(keptPasses);
      }),
      onEndpoint(endpoints.currentPasses, async () => {
        await answered;
        return HttpResponse.json({ items: [reservation()] });
      }),
      onEndpoint(endpoints.createPass, () => HttpResponse.json(pass('ONLINE'), { status: 201 })),
    );
    renderPass();
    expect(await screen.findByTestId('meal-pass-code')).toHaveTextContent('K7M 2QX');
    expect(screen.getByText('Lunch: Lentil Soup')).toBeInTheDocument();
    expect(screen.queryByText('Looking for your pass')).toBeNull();
    answer();
    await waitFor(() => expect(screen.getByTestId('meal-pass-code')).toHaveTextContent('ONL INE'));
  });

  it('online, shows the kept pass when the reservations cannot be asked for', async () => {
    const keptPasses: OfflinePasses = {
      items: [{ ...reservation(), requestId: 'req-1', pass: pass('K7M2QX', 140 * 60) }],
    };
    keepOnThePhone([{ queryKey: ['passes', 'offline'], data: keptPasses }]);
    server.use(
      onEndpoint(endpoints.offlinePasses, () => HttpResponse.error()),
      onEndpoint(endpoints.currentPasses, () => HttpResponse.error()),
    );
    renderPass();
    expect(await screen.findByTestId('meal-pass-code')).toHaveTextContent('K7M 2QX');
    await waitFor(() => expect(screen.queryByText('Looking for your pass')).toBeNull());
    expect(screen.queryByText('Your pass could not be loaded')).toBeNull();
    expect(screen.getByTestId('meal-pass-code')).toHaveTextContent('K7M 2QX');
  });

  it('online, names the holder of the kept pass before the profile comes', async () => {
    const keptPasses: OfflinePasses = {
      items: [{ ...reservation(), requestId: 'req-1', pass: pass('K7M2QX', 140 * 60) }],
    };
    keepOnThePhone([
      { queryKey: ['passes', 'offline'], data: keptPasses },
      { queryKey: ['session', 'profile', memberProfile._id], data: { ...memberProfile, name: 'Sam Kept' } },
    ]);
    server.use(onEndpoint(endpoints.currentPasses, () => new Promise<never>(() => {})));
    renderPass(sessionFor(memberProfile, { profile: null, profileLoading: true }));
    expect(await screen.findByTestId('meal-pass-code')).toHaveTextContent('K7M 2QX');
    expect(screen.getByText('Sam Kept')).toBeInTheDocument();
    expect(screen.getByText('Gold member')).toBeInTheDocument();
  });

  it('online, never stands a kept pass in for another serving’s', async () => {
    const other = { ...reservation(), requestId: 'req-2', servingId: 'lunch-2', pass: pass('OTHER2', 140 * 60) };
    keepOnThePhone([{ queryKey: ['passes', 'offline'], data: { items: [other] } }]);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      onEndpoint(endpoints.currentPasses, () => HttpResponse.json({ items: [reservation()] })),
      onEndpoint(endpoints.createPass, async () => {
        await answered;
        return HttpResponse.json(pass('ONLINE'), { status: 201 });
      }),
    );
    renderPass();
    expect(await screen.findByText('Making your pass')).toBeInTheDocument();
    expect(screen.queryByTestId('meal-pass-code')).toBeNull();
    answer();
    expect(await screen.findByTestId('meal-pass-code')).toHaveTextContent('ONL INE');
  });

  it('says so when no pass is kept on the phone and there is no connection', async () => {
    server.use(onEndpoint(endpoints.currentPasses, () => HttpResponse.json({ items: [] })));
    renderPass();
    expect(await screen.findByText('No pass to show right now.')).toBeInTheDocument();
    act(() => onlineManager.setOnline(false));
    expect(await screen.findByText('No pass is saved on this phone for now.')).toBeInTheDocument();
  });

  it('shows a QR code, the short code spaced for reading aloud, the meal and the member', async () => {
    let asked: unknown;
    server.use(
      onEndpoint(endpoints.currentPasses, () => HttpResponse.json({ items: [reservation()] })),
      onEndpoint(endpoints.createPass, async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json(pass('K7M2QX'), { status: 201 });
      }),
    );
    renderPass();
    expect(await screen.findByTestId('meal-pass-code')).toHaveTextContent('K7M 2QX');
    expect(asked).toEqual({ requestId: 'req-1' });
    expect(screen.getByText('Lunch: Lentil Soup')).toBeInTheDocument();
    expect(screen.getByText(memberProfile.name)).toBeInTheDocument();
    const qr = await screen.findByTestId('meal-pass-qr');
    expect(qr).toHaveAccessibleName('Meal pass QR code for Lentil Soup');
    expect(Number(qr.getAttribute('data-modules'))).toBeGreaterThanOrEqual(21);
  });

  it('asks for a fresh pass before the one on screen expires', async () => {
    let issued = 0;
    server.use(
      onEndpoint(endpoints.currentPasses, () => HttpResponse.json({ items: [reservation()] })),
      onEndpoint(endpoints.createPass, () => {
        issued += 1;
        // The first pass has 16 s left: it is renewed about a second later, not after it expires.
        return HttpResponse.json(issued === 1 ? pass('AAAAAA', 16) : pass('BBBBBB'), { status: 201 });
      }),
    );
    renderPass();
    expect(await screen.findByTestId('meal-pass-code')).toHaveTextContent('AAA AAA');
    await waitFor(() => expect(screen.getByTestId('meal-pass-code')).toHaveTextContent('BBB BBB'), { timeout: 4000 });
  });

  it('says when no pass can be shown, and where to reserve', async () => {
    server.use(onEndpoint(endpoints.currentPasses, () => HttpResponse.json({ items: [] })));
    renderPass();
    expect(await screen.findByText('No pass to show right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the menu' })).toHaveAttribute('href', '/menu');
  });

  it('offers a walk-in pass for a serving open now to a member without a reservation', async () => {
    const openNow = makeServing({
      _id: 'dinner-now',
      slot: 'dinner',
      startsAt: new Date(Date.now() - 10 * 60_000).toISOString(),
      endsAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    let asked: unknown;
    server.use(
      onEndpoint(endpoints.currentPasses, () => HttpResponse.json({ items: [] })),
      onEndpoint(endpoints.menu, () =>
        HttpResponse.json({ timeZone: testTimeZone, days: [{ date: today(), closed: null, servings: [openNow] }] }),
      ),
      onEndpoint(endpoints.createPass, async ({ request }) => {
        asked = await request.json();
        return HttpResponse.json({ ...pass('WALK23'), requestId: null }, { status: 201 });
      }),
    );
    renderPass();
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: `Walk-in pass: Dinner, ${openNow.meal.title}` }));
    expect(await screen.findByTestId('meal-pass-code')).toHaveTextContent('WAL K23');
    expect(asked).toEqual({ servingId: 'dinner-now' });
    expect(screen.getByText('Walk-in: no reservation')).toBeInTheDocument();
  });

  it('renews 15 s before expiry', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(renewalDelay({ expiresAt: '2026-11-24T12:01:00Z' }, now)).toBe(45_000);
    expect(renewalDelay({ expiresAt: '2026-11-24T12:00:05Z' }, now)).toBe(0);
  });
});
