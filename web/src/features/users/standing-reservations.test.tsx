import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { defaultMealSettings, endpoints, type StandingReservations } from '@hostelhub/contracts';
import { memberProfile, renderPage, sessionFor, studentProfile } from '@/testing/render';
import { onEndpoint, recordBodies, server } from '@/testing/server';
import { MyProfilePage } from './pages/my-profile';

const stored: StandingReservations = {
  pattern: [
    { weekday: 1, slot: 'lunch' },
    { weekday: 3, slot: 'dinner' },
  ],
  updatedAt: '2026-11-20T09:00:00.000Z',
};

const renderMyProfile = (profile = memberProfile) => {
  renderPage('/dashboard/my-profile', MyProfilePage, sessionFor(profile));
  return userEvent.setup();
};

const section = () => screen.getByRole('region', { name: 'Standing reservations' });
const box = (name: string) => within(section()).getByRole('checkbox', { name });

// Standing reservations (ADR 74): a member's weekly pattern on My Profile, where the hostel
// books by reservation.
describe('My Profile: standing reservations', () => {
  it('ticks the stored pattern, saves a change with PUT /standing-reservations, and says so', async () => {
    server.use(
      onEndpoint(endpoints.standingReservations, async () => {
        await delay(30);
        return HttpResponse.json(stored);
      }),
    );
    const sent = recordBodies(endpoints.setStandingReservations, (body) =>
      HttpResponse.json({ ...(body as Pick<StandingReservations, 'pattern'>), updatedAt: '2026-11-21T09:00:00.000Z' }),
    );
    const user = renderMyProfile();
    expect(
      await within(await screen.findByRole('region', { name: 'Standing reservations' })).findByRole('status'),
    ).toHaveTextContent('Loading your standing reservations');
    await within(section()).findByRole('table', { name: 'Meals reserved for you every week' });
    // Seven days of three slots, each its own named box.
    expect(within(section()).getAllByRole('checkbox')).toHaveLength(21);
    expect(box('Monday lunch')).toBeChecked();
    expect(box('Wednesday dinner')).toBeChecked();
    expect(box('Friday breakfast')).not.toBeChecked();
    const save = within(section()).getByRole('button', { name: 'Save standing reservations' });
    expect(save).toBeDisabled();

    // By keyboard: to Friday's breakfast, and Space ticks it.
    box('Friday breakfast').focus();
    await user.keyboard(' ');
    expect(box('Friday breakfast')).toBeChecked();
    await user.click(box('Monday lunch'));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() =>
      expect(sent).toEqual([
        {
          pattern: expect.arrayContaining([
            { weekday: 3, slot: 'dinner' },
            { weekday: 5, slot: 'breakfast' },
          ]),
        },
      ]),
    );
    expect((sent[0] as StandingReservations).pattern).toHaveLength(2);
    expect(await within(section()).findByText('Saved: reserved from the next week that opens.')).toBeInTheDocument();
    expect(box('Friday breakfast')).toBeChecked();
    expect(box('Monday lunch')).not.toBeChecked();
    expect(save).toBeDisabled();
  });

  it('says when nothing is set, and shows the API’s refusal when the hostel books by default', async () => {
    server.use(
      onEndpoint(endpoints.setStandingReservations, () =>
        HttpResponse.json(
          { message: 'This hostel books every member by default: members need no standing reservations' },
          { status: 409 },
        ),
      ),
    );
    const user = renderMyProfile();
    expect(
      await within(await screen.findByRole('region', { name: 'Standing reservations' })).findByText(
        'No standing reservations: tick a meal to have it reserved every week.',
      ),
    ).toBeInTheDocument();
    await user.click(box('Sunday dinner'));
    expect(within(section()).queryByText(/^No standing reservations/)).not.toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Save standing reservations' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'Not saved: This hostel books every member by default: members need no standing reservations',
    );
    // What was ticked stays, to save again.
    expect(box('Sunday dinner')).toBeChecked();
  });

  it('says when the membership has lapsed (402)', async () => {
    server.use(
      onEndpoint(endpoints.setStandingReservations, () =>
        HttpResponse.json({ message: 'A membership is required to request meals' }, { status: 402 }),
      ),
    );
    const user = renderMyProfile();
    await within(await screen.findByRole('region', { name: 'Standing reservations' })).findByRole('table');
    await user.click(box('Tuesday lunch'));
    await user.click(within(section()).getByRole('button', { name: 'Save standing reservations' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'Not saved: A membership is required to request meals',
    );
  });

  it('says when the pattern cannot be read, and reads it again on request', async () => {
    let reads = 0;
    server.use(
      onEndpoint(endpoints.standingReservations, () => {
        reads += 1;
        return reads === 1
          ? HttpResponse.json({ message: 'The service is busy' }, { status: 503 })
          : HttpResponse.json(stored);
      }),
    );
    const user = renderMyProfile();
    const region = await screen.findByRole('region', { name: 'Standing reservations' });
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Your standing reservations could not be read: The service is busy',
    );
    await user.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByRole('checkbox', { name: 'Monday lunch' })).toBeChecked();
  });

  it('is not shown to a resident without a membership, nor where every member is booked by default', async () => {
    const standingReads: unknown[] = [];
    server.use(
      onEndpoint(endpoints.standingReservations, () => {
        standingReads.push(1);
        return HttpResponse.json(stored);
      }),
    );
    renderMyProfile(studentProfile);
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Standing reservations' })).not.toBeInTheDocument();

    const settingsReads: unknown[] = [];
    server.use(
      onEndpoint(endpoints.mealSettings, () => {
        settingsReads.push(1);
        return HttpResponse.json({ ...defaultMealSettings, booking: 'default' });
      }),
    );
    renderMyProfile();
    await waitFor(() => expect(settingsReads).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Standing reservations' })).not.toBeInTheDocument();
    expect(standingReads).toEqual([]);
  });
});
