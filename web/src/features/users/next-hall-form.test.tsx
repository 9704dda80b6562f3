import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints, type Hall, type UserProfile } from '@hostelhub/contracts';
import { renderRoutes, sessionFor, studentProfile } from '@/testing/render';
import { lunchHall, onEndpoint, recordBodies, server } from '@/testing/server';
import { NextHallForm } from './components/next-hall-form';

const halls: Hall[] = [lunchHall('east', 'East hall'), { ...lunchHall('west', 'West hall'), memberLimit: 30 }];

function renderForm(profile: Partial<UserProfile>, chooseUntilDay: number | null, today: string) {
  // The hostel's today, for the deadline: 10 or 25 November.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${today}T12:00:00Z`) });
  const hallReads: unknown[] = [];
  server.use(
    onEndpoint(endpoints.halls, () => {
      hallReads.push(chooseUntilDay);
      return HttpResponse.json({ halls, chooseUntilDay });
    }),
  );
  const refreshProfile = vi.fn().mockResolvedValue(undefined);
  const full = { ...studentProfile, ...profile };
  const session = sessionFor(full, { refreshProfile });
  renderRoutes({ routes: [{ path: '/', Component: () => <NextHallForm profile={full} /> }], path: '/', session });
  return { refreshProfile, hallReads, user: userEvent.setup() };
}

afterEach(() => vi.useRealTimers());

test('a member chooses next month’s hall before the hostel’s day, and the profile is read again', async () => {
  const sent = recordBodies(endpoints.chooseNextHall, (body) =>
    HttpResponse.json({ ...(body as { hallId: string }), month: '2026-12' }),
  );
  const { refreshProfile, user } = renderForm({ homeHallId: 'east' }, 20, '2026-11-10');
  const form = await screen.findByRole('form', { name: 'Next month’s hall' });
  expect(screen.getByText(/You eat at East hall this month/)).toBeInTheDocument();
  const select = within(form).getByRole('combobox', { name: 'Hall for December 2026' });
  expect(select).toHaveDisplayValue('East hall');
  await user.selectOptions(select, 'West hall');
  await user.click(within(form).getByRole('button', { name: 'Choose this hall' }));
  await waitFor(() => expect(sent).toEqual([{ hallId: 'west' }]));
  expect(await within(form).findByText('Saved: West hall from December 2026.')).toBeInTheDocument();
  expect(refreshProfile).toHaveBeenCalled();
});

test('says when a hall is full, and closes after the hostel’s day', async () => {
  server.use(
    onEndpoint(endpoints.chooseNextHall, () =>
      HttpResponse.json({ message: 'memberLimit: West hall is full for 2026-12 (30 members)' }, { status: 409 }),
    ),
  );
  const { user } = renderForm({ homeHallId: 'east' }, 20, '2026-11-10');
  const form = await screen.findByRole('form', { name: 'Next month’s hall' });
  await user.selectOptions(within(form).getByRole('combobox'), 'West hall');
  await user.click(within(form).getByRole('button', { name: 'Choose this hall' }));
  expect(await within(form).findByText(/West hall is full for 2026-12/)).toBeInTheDocument();
});

test('is closed after the hostel’s day, and absent where members do not choose', async () => {
  renderForm({ homeHallId: 'east', nextHall: { hallId: 'west', month: '2026-12' } }, 20, '2026-11-25');
  const form = await screen.findByRole('form', { name: 'Next month’s hall' });
  expect(screen.getByText(/From December 2026: West hall/)).toBeInTheDocument();
  expect(within(form).getByRole('combobox')).toBeDisabled();
  expect(within(form).getByText(/The choice closed on the 20th/)).toBeInTheDocument();
});

test('shows nothing where the hostel sets each resident’s hall', async () => {
  const { hallReads } = renderForm({ homeHallId: 'east' }, null, '2026-11-10');
  // The halls were read, and still nothing is shown.
  await waitFor(() => expect(hallReads).toEqual([null]));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByRole('form', { name: 'Next month’s hall' })).not.toBeInTheDocument();
});
