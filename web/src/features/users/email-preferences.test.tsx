import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { defaultEmailPreferences, endpoints, type Role } from '@hostelhub/contracts';
import { expectDialog } from '@/testing/dialogs';
import { renderRoutes, sessionFor, studentProfile } from '@/testing/render';
import { onEndpoint, recordBodies, server } from '@/testing/server';
import { EmailPreferencesForm } from './components/email-preferences-form';

function renderForm(role: Role = 'student', emailVerified = true) {
  const refreshProfile = vi.fn().mockResolvedValue(undefined);
  const session = sessionFor({ ...studentProfile, role }, { refreshProfile });
  renderRoutes({
    routes: [
      {
        path: '/',
        Component: () => (
          <EmailPreferencesForm preferences={defaultEmailPreferences} role={role} emailVerified={emailVerified} />
        ),
      },
    ],
    path: '/',
    session,
  });
  return { refreshProfile, user: userEvent.setup() };
}

test('states each default, saves the change with PATCH /user/email-preferences and reloads the profile', async () => {
  const sent = recordBodies(endpoints.updateEmailPreferences, (body) => HttpResponse.json(body as never));
  const { refreshProfile, user } = renderForm();
  const reminder = screen.getByRole('checkbox', { name: /Reservations close in an hour/ });
  expect(reminder).not.toBeChecked();
  expect(reminder).toHaveAccessibleDescription(/Off by default\.$/);
  expect(screen.getByRole('checkbox', { name: /Reservation confirmations/ })).toHaveAccessibleDescription(
    /On by default\.$/,
  );
  // A student is offered neither the kitchen's sheet nor the admins' complaints.
  expect(screen.queryByRole('checkbox', { name: /Production sheet/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('checkbox', { name: /Complaints/ })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save email choices' })).toBeDisabled();

  await user.click(reminder);
  await user.click(screen.getByRole('checkbox', { name: /Membership/ }));
  await user.click(screen.getByRole('button', { name: 'Save email choices' }));
  await expectDialog('Email choices saved');
  expect(sent.at(-1)).toEqual({ ...defaultEmailPreferences, 'cutoff-reminder': true, membership: false });
  await waitFor(() => expect(refreshProfile).toHaveBeenCalled());
});

test('offers an admin every kind and says when the address is not verified', () => {
  renderForm('admin', false);
  expect(screen.getByRole('checkbox', { name: /Production sheet/ })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: /Complaints/ })).toBeChecked();
  expect(screen.getByRole('status')).toHaveTextContent('not verified yet, so we send you no emails');
});

test("shows the API's refusal and keeps what was ticked", async () => {
  server.use(
    onEndpoint(endpoints.updateEmailPreferences, () =>
      HttpResponse.json({ message: 'weekly-menu: must be true or false' }, { status: 400 }),
    ),
  );
  const { user } = renderForm();
  await user.click(screen.getByRole('checkbox', { name: /Next week's menu/ }));
  await user.click(screen.getByRole('button', { name: 'Save email choices' }));
  await expectDialog('weekly-menu: must be true or false');
  expect(screen.getByLabelText("Next week's menu")).toBeChecked();
});
