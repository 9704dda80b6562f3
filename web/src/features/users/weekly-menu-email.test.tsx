import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { endpoints, type EmailSettings } from '@hostelhub/contracts';
import { adminProfile, renderPage, sessionFor } from '@/testing/render';
import { onEndpoint, server } from '@/testing/server';
import { AdminProfilePage } from './pages/admin-profile';

const stored: EmailSettings = { weeklyMenu: { weekday: 5, hour: 17 } };

const renderAdminProfile = () => {
  renderPage('/dashboard/admin-profile', AdminProfilePage, sessionFor(adminProfile));
  return userEvent.setup();
};

const section = () => screen.getByRole('region', { name: "Next week's menu email" });

describe("Admin Profile: when next week's menu is emailed", () => {
  it('loads the schedule, saves a new day and hour with PUT /email-settings and says so', async () => {
    let sent: unknown;
    server.use(
      onEndpoint(endpoints.emailSettings, () => HttpResponse.json(stored)),
      onEndpoint(endpoints.updateEmailSettings, async ({ request }) => {
        sent = await request.json();
        await delay(50);
        return HttpResponse.json(sent as EmailSettings);
      }),
    );
    const user = renderAdminProfile();
    expect(within(section()).getByRole('status')).toHaveTextContent("Loading the email's schedule");
    const day = await within(section()).findByRole('combobox', { name: 'Day' });
    const hour = within(section()).getByRole('combobox', { name: 'Hour (hostel time)' });
    expect(day).toHaveDisplayValue('Friday');
    expect(hour).toHaveDisplayValue('17:00');
    expect(section()).toHaveTextContent('Now sent on Fridays at 17:00, hostel time.');
    const save = within(section()).getByRole('button', { name: 'Save the schedule' });
    expect(save).toBeDisabled();

    await user.selectOptions(day, 'Sunday');
    await user.selectOptions(hour, '08:00');
    await user.click(save);
    expect(await within(section()).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    await waitFor(() => expect(section()).toHaveTextContent('Now sent on Sundays at 08:00, hostel time.'));
    expect(sent).toEqual({ weeklyMenu: { weekday: 7, hour: 8 } });
    expect(within(section()).getByText('Saved.')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Save the schedule' })).toBeDisabled();
  });

  it("shows the API's refusal and keeps the choice", async () => {
    server.use(
      onEndpoint(endpoints.emailSettings, () => HttpResponse.json(stored)),
      onEndpoint(endpoints.updateEmailSettings, () =>
        HttpResponse.json({ message: 'weeklyMenu.hour: hour must be 0 to 23' }, { status: 400 }),
      ),
    );
    const user = renderAdminProfile();
    await user.selectOptions(await within(section()).findByRole('combobox', { name: 'Day' }), 'Monday');
    await user.click(within(section()).getByRole('button', { name: 'Save the schedule' }));
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'Not saved: weeklyMenu.hour: hour must be 0 to 23',
    );
    expect(within(section()).getByRole('combobox', { name: 'Day' })).toHaveDisplayValue('Monday');
    expect(section()).toHaveTextContent('Now sent on Fridays at 17:00, hostel time.');
    expect(within(section()).queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('says when the schedule could not be loaded and tries again on request', async () => {
    let calls = 0;
    server.use(
      onEndpoint(endpoints.emailSettings, () => {
        calls++;
        return calls === 1
          ? HttpResponse.json({ message: 'The service is busy' }, { status: 503 })
          : HttpResponse.json(stored);
      }),
    );
    const user = renderAdminProfile();
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent("The email's schedule could not be loaded");
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section()).findByRole('combobox', { name: 'Day' })).toHaveDisplayValue('Friday');
  });
});
