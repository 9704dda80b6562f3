import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import type { ManagedUser } from '@hostelhub/contracts';
import { answerDialog, dismissDialog, expectDialog } from '@/testing/dialogs';
import {
  adminProfile,
  adminSession,
  dashboardRenderer,
  goldMembership,
  memberSession,
  renderRoutes,
  sessionFor,
  studentProfile,
} from '@/testing/render';
import { onEndpoint, recordQueries, server } from '@/testing/server';
import { ManageUsersPage } from './pages/manage-users';
import { MyProfilePage } from './pages/my-profile';

const renderDashboard = dashboardRenderer([
  { path: '/dashboard/manage-users', Component: ManageUsersPage },
  { path: '/dashboard/my-profile', Component: MyProfilePage },
]);

/**
 * GET /users answers `rows`; PATCH /users/:uid/role gives that row the role asked for. Gives
 * every role change asked, in order.
 */
function answerRoleChanges(rows: ManagedUser[]) {
  const changes: { uid: unknown; body: { role: ManagedUser['role'] } }[] = [];
  server.use(
    onEndpoint(endpoints.users, () => HttpResponse.json({ items: rows, nextCursor: null })),
    onEndpoint(endpoints.changeRole, async ({ params, request }) => {
      const body = (await request.json()) as { role: ManagedUser['role'] };
      changes.push({ uid: params.uid, body });
      rows.find((row) => row._id === params.uid)!.role = body.role;
      return HttpResponse.json({ modifiedCount: 1 });
    }),
  );
  return changes;
}

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
      diet: { avoid: [], diets: [] },
    },
    {
      _id: 'u2',
      name: 'Ada Admin',
      email: 'ada@x.test',
      photoURL: null,
      role: 'admin',
      badge: 'Bronze',
      membership: null,
      diet: { avoid: [], diets: [] },
    },
    {
      _id: 'u3',
      name: 'Mia Member',
      email: 'mia@x.test',
      photoURL: null,
      role: 'student',
      badge: 'Gold',
      membership: goldMembership,
      diet: { avoid: [], diets: [] },
    },
    {
      _id: 'u4',
      name: 'Lou Lapsed',
      email: 'lou@x.test',
      photoURL: null,
      role: 'student',
      badge: 'Bronze',
      membership: { ...goldMembership, status: 'expired', currentPeriodEnd: '2020-01-15T00:00:00.000Z' },
      diet: { avoid: [], diets: [] },
    },
  ];

  it('searches by name or email through the API', async () => {
    const asked = recordQueries(endpoints.users, (query) => {
      const text = query.get('nameOrEmail') ?? '';
      return HttpResponse.json({
        items: users.filter((user) => `${user.name} ${user.email}`.toLowerCase().includes(text.toLowerCase())),
        nextCursor: null,
      });
    });
    const user = userEvent.setup();
    renderDashboard('/dashboard/manage-users', adminSession());
    expect(await screen.findByText('Mia Member')).toBeInTheDocument();
    // One vocabulary with My Profile (formatMembership); an ended membership says so.
    expect(screen.getByText('Gold · ended 15 Jan 2020')).toBeInTheDocument();
    expect(screen.getAllByText('Bronze')).toHaveLength(2);
    await user.type(screen.getByLabelText('Search users'), 'mia');
    await waitFor(() => expect(screen.queryByText('Sam Student')).not.toBeInTheDocument());
    expect(screen.getByText('Mia Member')).toBeInTheDocument();
    expect(screen.getByText('Gold · renews 15 Jan 2099')).toBeInTheDocument();
    expect(asked.at(-1)!.get('nameOrEmail')).toBe('mia');
  });

  it('makes a student an admin after confirmation; the button is disabled for admins', async () => {
    const promoted = answerRoleChanges(users.map((user) => ({ ...user })));
    const user = userEvent.setup();
    renderDashboard('/dashboard/manage-users', adminSession());
    expect(await screen.findByRole('button', { name: 'Make Admin: Ada Admin' })).toBeDisabled();
    const makeSam = screen.getByRole('button', { name: 'Make Admin: Sam Student' });
    expect(makeSam).toBeEnabled();

    await user.click(makeSam);
    await answerDialog(user, 'Yes, make admin');
    await expectDialog('Sam Student is now an admin');
    await dismissDialog(user);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Make Admin: Sam Student' })).toBeDisabled());
    expect(promoted).toEqual([{ uid: 'u1', body: { role: 'admin' } }]);
  });

  it('makes a student kitchen staff after confirmation, and staff a student again', async () => {
    const changes = answerRoleChanges(users.map((user) => ({ ...user })));
    const user = userEvent.setup();
    renderDashboard('/dashboard/manage-users', adminSession());
    expect(screen.queryByRole('button', { name: 'Make staff: Ada Admin' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Make staff: Sam Student' }));
    await answerDialog(user, 'Yes, make staff');
    await expectDialog('Sam Student is now kitchen staff');
    await dismissDialog(user);
    await user.click(await screen.findByRole('button', { name: 'Make student: Sam Student' }));
    await answerDialog(user, 'Yes, make student');
    await expectDialog('Sam Student is now a student');
    await dismissDialog(user);
    expect(changes).toEqual([
      { uid: 'u1', body: { role: 'staff' } },
      { uid: 'u1', body: { role: 'student' } },
    ]);
  });

  it("takes another admin's rights back after confirmation, and never offers it on the admin's own row", async () => {
    const own: ManagedUser = { ...users[1]!, _id: adminProfile._id, name: 'Me Myself', email: adminProfile.email };
    const changes = answerRoleChanges([...users.map((user) => ({ ...user })), own]);
    const user = userEvent.setup();
    renderDashboard('/dashboard/manage-users', adminSession());
    const demote = await screen.findByRole('button', { name: 'Make student: Ada Admin' });
    // The admin's own row has no such action; students' rows neither.
    const ownRow = screen.getByText('Me Myself').closest('tr')!;
    expect(within(ownRow).getByRole('button', { name: 'Make Admin: Me Myself' })).toBeDisabled();
    expect(within(ownRow).queryByRole('button', { name: /^Make student/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make student: Sam Student' })).not.toBeInTheDocument();

    // Dismissed: nothing changes.
    await user.click(demote);
    await expectDialog('Make this admin a student?');
    await answerDialog(user, 'Cancel');
    expect(changes).toEqual([]);

    await user.click(demote);
    await answerDialog(user, 'Yes, make student');
    await expectDialog('Ada Admin is now a student');
    await dismissDialog(user);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Make student: Ada Admin' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Make Admin: Ada Admin' })).toBeEnabled();
    expect(changes).toEqual([{ uid: 'u2', body: { role: 'student' } }]);
  });

  it("shows the API's refusal when the admin is the last one", async () => {
    const message = 'The last admin cannot be made a student: make someone else an admin first';
    server.use(
      onEndpoint(endpoints.users, () => HttpResponse.json({ items: users, nextCursor: null })),
      onEndpoint(endpoints.changeRole, () => HttpResponse.json({ message }, { status: 409 })),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/manage-users', adminSession());
    await user.click(await screen.findByRole('button', { name: 'Make student: Ada Admin' }));
    await answerDialog(user, 'Yes, make student');
    await expectDialog(message);
    await dismissDialog(user);
    expect(screen.getByRole('button', { name: 'Make student: Ada Admin' })).toBeEnabled();
  });
});

describe('My Profile', () => {
  it('shows name, email, badge, and the plan with its status and renewal date', async () => {
    renderDashboard('/dashboard/my-profile', memberSession());
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByText('student@hostelhub.test')).toBeInTheDocument();
    expect(screen.getByTestId('membership-summary')).toHaveTextContent(/^Gold · renews 15 Jan 2099$/);
    expect(screen.getByRole('img', { name: "Sam Student's profile picture" })).toHaveAttribute(
      'src',
      '/images/default-avatar.svg',
    );
  });

  it('without a membership, links to the plans on the home page', async () => {
    const { router } = renderRoutes({
      routes: [{ path: '/dashboard/my-profile', Component: MyProfilePage }],
      path: '/dashboard/my-profile',
      session: sessionFor(studentProfile),
      extraRoutes: [{ path: '/', Component: () => <p>Home</p> }],
    });
    const membership = await screen.findByRole('region', { name: 'Membership' });
    expect(membership).toHaveTextContent('No membership yet: choose a package on the home page.');
    await userEvent.click(screen.getByRole('link', { name: 'choose a package on the home page' }));
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ scrollTo: 'membership' });
  });

  it('shows the meal requests used this week and when they reset', async () => {
    server.use(
      onEndpoint(endpoints.requestQuota, () =>
        HttpResponse.json({
          used: 2,
          limit: 3,
          weekStart: '2026-11-16T12:00:00.000Z',
          resetsAt: '2099-11-23T12:00:00.000Z',
        }),
      ),
    );
    renderDashboard('/dashboard/my-profile', memberSession());
    expect(await screen.findByText('2 of 3 requests used this week')).toBeInTheDocument();
    expect(screen.getByTestId('request-quota')).toHaveTextContent(
      '2 of 3 requests used this week · Resets 23 Nov 2099',
    );
  });

  it('shows Unlimited for a package without a weekly limit', async () => {
    server.use(
      onEndpoint(endpoints.requestQuota, () =>
        HttpResponse.json({
          used: 9,
          limit: null,
          weekStart: '2026-11-16T12:00:00.000Z',
          resetsAt: '2099-11-23T12:00:00.000Z',
        }),
      ),
    );
    renderDashboard('/dashboard/my-profile', memberSession());
    expect(await screen.findByTestId('request-quota')).toHaveTextContent(/^Unlimited meal requests$/);
  });

  it('cancels at the end of the period after a confirmation, and reads the profile again', async () => {
    const cancelled: string[] = [];
    server.use(
      onEndpoint(endpoints.cancelSubscription, () => {
        cancelled.push('cancel');
        return HttpResponse.json({ badge: 'Gold', membership: { ...goldMembership, cancelAtPeriodEnd: true } });
      }),
    );
    const session = sessionFor({ ...studentProfile, badge: 'Gold', membership: goldMembership });
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-profile', session);
    await user.click(await screen.findByRole('button', { name: 'Cancel membership' }));
    await expectDialog(
      'Cancel your membership?',
      'You keep your Gold benefits until 15 Jan 2099; it will not renew after that.',
    );
    await answerDialog(user, 'Yes, cancel');
    await expectDialog('Membership cancelled', 'It ends on 15 Jan 2099.');
    await dismissDialog(user);
    expect(cancelled).toEqual(['cancel']);
    expect(session.refreshProfile).toHaveBeenCalled();
  });

  it('shows a cancelling membership with its end date, and renews it on one press', async () => {
    const resumed: string[] = [];
    server.use(
      onEndpoint(endpoints.resumeSubscription, () => {
        resumed.push('resume');
        return HttpResponse.json({ badge: 'Gold', membership: goldMembership });
      }),
    );
    const user = userEvent.setup();
    renderDashboard(
      '/dashboard/my-profile',
      sessionFor({ ...studentProfile, badge: 'Gold', membership: { ...goldMembership, cancelAtPeriodEnd: true } }),
    );
    expect(await screen.findByTestId('membership-summary')).toHaveTextContent("Gold · ends 15 Jan 2099 · won't renew");
    expect(screen.getByRole('region', { name: 'Membership' })).toHaveTextContent(
      "Your Gold membership ends on 15 Jan 2099 and won't renew. Renew to keep it: nothing is charged until then.",
    );
    expect(screen.queryByRole('button', { name: 'Cancel membership' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change plan' })).toBeNull();
    // One press, no confirmation in between.
    await user.click(screen.getByRole('button', { name: 'Renew Gold' }));
    await expectDialog('Membership renewed', 'Gold renews on 15 Jan 2099.');
    await dismissDialog(user);
    expect(resumed).toEqual(['resume']);
  });

  it('shows the prorated price of a plan change before confirming it, then changes at that price', async () => {
    const changes: unknown[] = [];
    server.use(
      onEndpoint(endpoints.packages, () =>
        HttpResponse.json([
          {
            _id: 'silver',
            name: 'Silver',
            price: 19.99,
            services: ['a'],
            weeklyRequestLimit: 3,
            priorityServing: false,
          },
          { _id: 'gold', name: 'Gold', price: 29.99, services: ['b'], weeklyRequestLimit: 7, priorityServing: true },
          {
            _id: 'platinum',
            name: 'Platinum',
            price: 49.99,
            services: ['c'],
            weeklyRequestLimit: null,
            priorityServing: true,
          },
        ]),
      ),
      onEndpoint(endpoints.previewPlanChange, ({ request }) =>
        HttpResponse.json({
          packageId: new URL(request.url).searchParams.get('packageId') ?? '',
          packageName: 'Platinum',
          price: 49.99,
          prorationInCents: 1050,
          prorationDate: 1_900_000_000,
          prorationToken: 'signed-by-the-server',
          currentPeriodEnd: '2099-01-15T00:00:00.000Z',
        }),
      ),
      onEndpoint(endpoints.changePlan, async ({ request }) => {
        changes.push(await request.json());
        return HttpResponse.json({ badge: 'Platinum', membership: { ...goldMembership, packageId: 'platinum' } });
      }),
    );
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-profile', memberSession());
    await user.click(await screen.findByRole('button', { name: 'Change plan' }));
    expect(await screen.findByRole('button', { name: 'Switch to Silver' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Switch to Gold' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Switch to Platinum' }));
    await expectDialog(
      'Change to Platinum?',
      'You pay $10.50 now (VAT included) for the rest of this period, then $49.99 a month plus VAT from Jan 15, 2099.',
    );
    await answerDialog(user, 'Change plan');
    await expectDialog('Plan changed', 'You are now a Platinum member.');
    await dismissDialog(user);
    // Sent back as the preview gave them: the server accepts only its own, recent proration date.
    expect(changes).toEqual([
      { packageId: 'platinum', prorationDate: 1_900_000_000, prorationToken: 'signed-by-the-server' },
    ]);
  });

  it('says when a renewal payment failed, and shows an ended membership without buttons', async () => {
    const past = new Date(Date.now() - 86_400_000).toISOString();
    renderDashboard(
      '/dashboard/my-profile',
      sessionFor({
        ...studentProfile,
        badge: 'Gold',
        membership: { ...goldMembership, status: 'past_due', currentPeriodEnd: past },
        diet: { avoid: [], diets: [] },
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/last renewal payment failed/);
    expect(screen.getByTestId('membership-summary')).toHaveTextContent(/^Gold · payment failed · paid until \d+ \w+/);

    renderDashboard(
      '/dashboard/my-profile',
      sessionFor({ ...studentProfile, membership: { ...goldMembership, status: 'expired', currentPeriodEnd: past } }),
    );
    const regions = await screen.findAllByRole('region', { name: 'Membership' });
    expect(regions.at(-1)).toHaveTextContent(/Gold · ended \d+ \w+/);
    expect(screen.getByRole('link', { name: 'Subscribe to Gold again' })).toHaveAttribute('href', '/checkout/gold');
    expect(screen.getAllByRole('button', { name: 'Cancel membership' })).toHaveLength(1);
  });
});
