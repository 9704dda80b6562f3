import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import {
  endpoints,
  myDataFileName,
  myDataFormat,
  myDataSections,
  type MyData,
  type UserProfile,
} from '@hostelhub/contracts';
import { dismissDialog, expectDialog } from '@/testing/dialogs';
import { catchDownloads, textOf } from '@/testing/downloads';
import { adminProfile, locationProbe, renderRoutes, sessionFor, studentProfile } from '@/testing/render';
import { onEndpoint, server } from '@/testing/server';
import type { Session } from '@/lib/auth';
import { MyProfilePage } from './pages/my-profile';

// My Profile's "Your data" (ADR 75): the member's file of everything kept about them, and
// closing the account with their password.

const emptyFile: MyData = {
  format: myDataFormat,
  exportedAt: '2026-11-20T10:00:00.000Z',
  account: { uid: studentProfile._id, email: studentProfile.email },
  profile: { _id: studentProfile._id, email: studentProfile.email },
  ...(Object.fromEntries(myDataSections.map((section) => [section, []])) as Record<
    (typeof myDataSections)[number],
    []
  >),
};

function renderProfile(session: Session) {
  return renderRoutes({
    routes: [{ path: '/dashboard/my-profile', Component: MyProfilePage }],
    path: '/dashboard/my-profile',
    session,
    extraRoutes: [locationProbe('/')],
  });
}

const yourData = () => screen.findByRole('region', { name: 'Your data' });

describe('My Profile: your data', () => {
  it('downloads the file the API answers, named for the day, and says so', async () => {
    const file = { ...emptyFile, mealRequests: [{ _id: 'request-1', status: 'served' }] };
    server.use(onEndpoint(endpoints.myData, () => HttpResponse.json(file)));
    const files = catchDownloads();
    const user = userEvent.setup();
    renderProfile(sessionFor(studentProfile));
    await yourData();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe(myDataFileName(Date.now()));
    expect(JSON.parse(await textOf(files[0]!.blob))).toEqual(file);
    expect(await screen.findByText(`Saved ${myDataFileName(Date.now())}`)).toBeInTheDocument();
  });

  it('says why a download failed, and lets the member try again', async () => {
    let fail = true;
    server.use(
      onEndpoint(endpoints.myData, () =>
        fail
          ? HttpResponse.json({ message: 'Too many requests: try again in 30 seconds' }, { status: 429 })
          : HttpResponse.json(emptyFile),
      ),
    );
    const files = catchDownloads();
    const user = userEvent.setup();
    renderProfile(sessionFor(studentProfile));
    await yourData();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your data could not be downloaded: Too many requests: try again in 30 seconds',
    );
    expect(files).toHaveLength(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(files).toHaveLength(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('closes the account with a fresh sign-in, ends the session quietly and says so on the home page', async () => {
    const sent: unknown[] = [];
    server.use(
      onEndpoint(endpoints.closeAccount, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ deletedCount: 1 });
      }),
    );
    const freshIdToken = vi.fn(async () => 'fresh-id-token');
    // Where the page was when the session ended: ended on the dashboard, its guard would send
    // the signed-out visitor to /login.
    const whereLoggedOut: (string | null)[] = [];
    const logOut = vi.fn(async () => {
      whereLoggedOut.push(screen.queryByTestId('location-probe')?.textContent ?? 'still on My Profile');
    });
    const user = userEvent.setup();
    localStorage.setItem('token', 'api-token');
    renderProfile(sessionFor(studentProfile, { freshIdToken, logOut }));
    await yourData();
    // Keyboard only: the button opens the dialog, whose first field takes the focus.
    screen.getByRole('button', { name: 'Close my account…' }).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Close your account' });
    expect(dialog).toHaveTextContent('your membership ends now');
    expect(dialog).toHaveTextContent('under an anonymous id');
    const password = screen.getByLabelText('Your password');
    expect(password).toHaveFocus();
    await user.keyboard('password123{Enter}');

    await expectDialog(
      'Your account is closed',
      'Your name, email and what you wrote have been removed. Payments stay in the hostel’s accounts without your name.',
    );
    expect(freshIdToken).toHaveBeenCalledWith('password123');
    expect(sent).toEqual([{ idToken: 'fresh-id-token' }]);
    expect(logOut).toHaveBeenCalledWith({ quiet: true });
    expect(whereLoggedOut).toEqual(['Landed on /']);
    // The token was dropped before the page left for home: no call there could find it refused.
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('location-probe')).toHaveTextContent('Landed on /');
    await dismissDialog(user);
  });

  it('keeps the account when the password is wrong or the API refuses, saying why in the dialog', async () => {
    let calls = 0;
    server.use(
      onEndpoint(endpoints.closeAccount, () => {
        calls++;
        return HttpResponse.json(
          { message: 'idToken: your last sign-in was more than 5 minutes ago: sign in again to close your account' },
          { status: 403 },
        );
      }),
    );
    const wrongPassword = Object.assign(new Error('Firebase: Error (auth/wrong-password).'), {
      code: 'auth/wrong-password',
    });
    const freshIdToken = vi.fn().mockRejectedValueOnce(wrongPassword).mockResolvedValue('stale-id-token');
    const logOut = vi.fn(async () => {});
    const user = userEvent.setup();
    renderProfile(sessionFor(studentProfile, { freshIdToken, logOut }));
    await yourData();
    await user.click(screen.getByRole('button', { name: 'Close my account…' }));
    await user.type(screen.getByLabelText('Your password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Close my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(calls).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Close my account' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Your account was not closed: idToken: your last sign-in was more than 5 minutes ago',
      ),
    );
    expect(calls).toBe(1);
    expect(logOut).not.toHaveBeenCalled();
    // Escape keeps the account and closes the dialog.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('location-probe')).not.toBeInTheDocument();
  });

  it('tells staff and admins who closes their account, offering no button', async () => {
    for (const profile of [adminProfile, { ...studentProfile, role: 'staff' } satisfies UserProfile]) {
      const { unmount } = renderProfile(sessionFor(profile));
      const section = await yourData();
      expect(section).toHaveTextContent(
        'Kitchen staff and admins close their account once an admin has made them a student.',
      );
      expect(screen.queryByRole('button', { name: 'Close my account…' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
      unmount();
    }
  });
});
