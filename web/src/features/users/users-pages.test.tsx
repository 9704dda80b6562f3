import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ManagedUser } from '@hostelhub/contracts';
import type { Session } from '@/lib/auth';
import { answerDialog, dismissDialog, expectDialog } from '@/testing/dialogs';
import { adminProfile, goldMembership, renderRoutes, sessionFor, studentProfile } from '@/testing/render';
import { server } from '@/testing/server';
import { ManageUsersPage } from './pages/manage-users';
import { MyProfilePage } from './pages/my-profile';

// The feature's pages at their dashboard paths, as the app routes them.
const pages = [
  { path: '/dashboard/manage-users', Component: ManageUsersPage },
  { path: '/dashboard/my-profile', Component: MyProfilePage },
];
const renderDashboard = (path: string, session: Session) => renderRoutes({ routes: pages, path, session });

const admin = () => sessionFor(adminProfile);

const member = sessionFor({
  ...studentProfile,
  badge: 'Gold',
  membership: goldMembership,
});

describe('Manage Users', () => {
  const users: ManagedUser[] = [
    {
      _id: 'u1',
      name: 'Sam Student',
      email: 'sam@x.test',
      photoURL: null,
      role: 'student',
      badge: 'Bronze',
      membership: null,
    },
    {
      _id: 'u2',
      name: 'Ada Admin',
      email: 'ada@x.test',
      photoURL: null,
      role: 'admin',
      badge: 'Bronze',
      membership: null,
    },
    {
      _id: 'u3',
      name: 'Mia Member',
      email: 'mia@x.test',
      photoURL: null,
      role: 'student',
      badge: 'Gold',
      membership: goldMembership,
    },
  ];

  it('searches by name or email through the API', async () => {
    const searches: string[] = [];
    server.use(
      http.get('/api/users', ({ request }) => {
        const text = new URL(request.url).searchParams.get('nameOrEmail') ?? '';
        searches.push(text);
        return HttpResponse.json({
          items: users.filter((user) => `${user.name} ${user.email}`.toLowerCase().includes(text.toLowerCase())),
          nextCursor: null,
        });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/manage-users', admin());
    expect(await screen.findByText('Mia Member')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search users'), 'mia');
    await waitFor(() => expect(screen.queryByText('Sam Student')).not.toBeInTheDocument());
    expect(screen.getByText('Mia Member')).toBeInTheDocument();
    expect(screen.getByText('Gold member')).toBeInTheDocument();
    expect(searches.at(-1)).toBe('mia');
  });

  it('makes a student an admin after confirmation; the button is disabled for admins', async () => {
    const rows = users.map((user) => ({ ...user }));
    const promoted: unknown[] = [];
    server.use(
      http.get('/api/users', () => HttpResponse.json({ items: rows, nextCursor: null })),
      http.patch('/api/users/:uid/role', async ({ params, request }) => {
        promoted.push({ uid: params.uid, body: await request.json() });
        rows[0]!.role = 'admin';
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/manage-users', admin());
    expect(await screen.findByRole('button', { name: 'Make Ada Admin an admin' })).toBeDisabled();
    const makeSam = screen.getByRole('button', { name: 'Make Sam Student an admin' });
    expect(makeSam).toBeEnabled();

    await user.click(makeSam);
    await answerDialog(user, 'Yes, make admin');
    await expectDialog('Sam Student is now an admin');
    await dismissDialog(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make Sam Student an admin' })).toBeDisabled());
    expect(promoted).toEqual([{ uid: 'u1', body: { role: 'admin' } }]);
  });
});

describe('My Profile', () => {
  it('shows name, email, badge and the membership package', async () => {
    renderDashboard('/dashboard/my-profile', member);
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByText('student@hostelhub.test')).toBeInTheDocument();
    expect(screen.getByText('Gold package')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Sam Student's profile picture" })).toHaveAttribute(
      'src',
      '/images/default-avatar.svg',
    );
  });
});
