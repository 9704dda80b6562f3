import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints, hostelDate, type DueRatings } from '@hostelhub/contracts';
import type { Session } from '@/lib/auth';
import { adminProfile, locationProbe, memberSession, renderRoutes, sessionFor, studentProfile } from '@/testing/render';
import { server, onEndpoint } from '@/testing/server';
import { textsOf } from '@/testing/queries';
import { dashboardRoutes } from '../routes/dashboard-routes';
import { DashboardLayout } from './dashboard-layout';

const renderDashboard = (path: string, session: Session) =>
  renderRoutes({ routes: dashboardRoutes, path, session, extraRoutes: [locationProbe('/'), locationProbe('/login')] });

const emptyPage = { items: [], nextCursor: null };

describe('dashboard shell', () => {
  // Opening Insights asks nothing of GET /insights: such a call would go unanswered and fail
  // the test (testing/setup.ts).
  it.each([
    {
      who: 'an anonymous visitor',
      path: '/dashboard/my-reviews',
      profile: null,
      landing: '/login from /dashboard/my-reviews',
    },
    {
      who: 'a student who opens an admin page',
      path: '/dashboard/manage-users',
      profile: studentProfile,
      landing: '/',
    },
    { who: 'a student who opens Insights', path: '/dashboard/insights', profile: studentProfile, landing: '/' },
  ])('sends $who to $landing', async ({ path, profile, landing }) => {
    renderDashboard(path, sessionFor(profile));
    expect(await screen.findByText(`Landed on ${landing}`)).toBeInTheDocument();
  });

  it('greets the user and shows the student menu to a student', async () => {
    renderDashboard('/dashboard/my-profile', sessionFor(studentProfile));
    expect(await screen.findByText('Welcome, Sam Student')).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(textsOf(menu, 'link')).toEqual([
      'My Profile',
      'Meal Pass',
      'Requested Meals',
      'My Leave',
      'My Reviews',
      'Rate Meals',
      'Complaints',
      'Payment History',
    ]);
  });

  it("shows kitchen staff the kitchen's pages only, and opens the counter for them", async () => {
    server.use(
      onEndpoint(endpoints.kitchen, () =>
        HttpResponse.json({ date: '2026-11-24', timeZone: 'UTC', closed: null, servings: [] }),
      ),
    );
    const staff = renderDashboard('/dashboard', sessionFor({ ...studentProfile, role: 'staff' }));
    expect(await screen.findByRole('heading', { name: 'Counter' })).toBeInTheDocument();
    expect(staff.router.state.location.pathname).toBe('/dashboard/counter');
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(textsOf(menu, 'link')).toEqual(['Counter', 'Kitchen', 'Serve Meals', 'Complaints', 'My Profile']);
  });

  it('shows the admin menu to an admin', async () => {
    renderDashboard('/dashboard/admin-profile', sessionFor(adminProfile));
    const menu = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(textsOf(menu, 'link')).toEqual([
      'Admin Profile',
      'Manage Users',
      'Add Meals',
      'All Meals',
      'Serve Meals',
      'Menu Planner',
      'Kitchen',
      'Counter',
      'Upcoming Meals',
      'Insights',
      'Complaints',
      'Leave Queue',
      'Meal Settings',
      'Activity',
    ]);
    expect(screen.getByText('Total Meals Added').nextSibling).toHaveTextContent('7');
  });

  it('redirects /dashboard by role once the role has loaded, replacing the entry', async () => {
    const admin = renderDashboard('/dashboard', sessionFor(adminProfile));
    expect(await screen.findByRole('heading', { name: 'Admin Profile' })).toBeInTheDocument();
    expect(admin.router.state.location.pathname).toBe('/dashboard/admin-profile');
    expect(admin.router.state.historyAction).toBe('REPLACE');
    admin.unmount();

    const student = renderDashboard('/dashboard', sessionFor(studentProfile));
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
    expect(student.router.state.location.pathname).toBe('/dashboard/my-profile');
  });

  it('offers Try again and Log out when the profile could not be saved or loaded, instead of waiting', async () => {
    const session = sessionFor(studentProfile, { profile: null, profileError: new Error('Database unavailable') });
    renderDashboard('/dashboard', session);
    expect(await screen.findByText('We could not load your account')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.queryByText('Loading menu…')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(session.refreshProfile).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(session.logOut).toHaveBeenCalled();
  });

  /**
   * Opens `path` for an admin whose role is still loading: the dashboard waits where it is,
   * then, once the role is in, shows the page headed `heading` at `landing`.
   */
  async function expectTheRoleAwaited(path: string, heading: string, landing: string) {
    const { router, updateSession } = renderDashboard(
      path,
      sessionFor(adminProfile, { profile: null, profileLoading: true }),
    );
    expect(await screen.findByText('Loading menu…')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);

    updateSession(sessionFor(adminProfile));
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(landing);
  }

  it('waits for the role before redirecting', async () => {
    await expectTheRoleAwaited('/dashboard', 'Admin Profile', '/dashboard/admin-profile');
  });

  it('keeps an admin page waiting while the role loads, then shows it to an admin', async () => {
    server.use(onEndpoint(endpoints.users, () => HttpResponse.json(emptyPage)));
    await expectTheRoleAwaited('/dashboard/manage-users', 'Manage Users', '/dashboard/manage-users');
  });

  it('opens and closes the menu on small screens with a keyboard-reachable toggle', async () => {
    server.use(onEndpoint(endpoints.myReviews, () => HttpResponse.json(emptyPage)));
    const user = userEvent.setup();
    renderDashboard('/dashboard/my-profile', sessionFor(studentProfile));
    const toggle = await screen.findByRole('button', { name: 'Dashboard menu' });
    const menu = screen.getByRole('navigation', { name: 'Dashboard', hidden: true });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', menu.id);
    expect(menu).toHaveClass('hidden');

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).not.toHaveClass('hidden');

    // Choosing a page closes it again.
    await user.click(within(menu).getByRole('link', { name: 'My Reviews' }));
    expect(await screen.findByText('No reviews found.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dashboard menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

const timeZone = 'Europe/London';

/** A lunch served today and not rated yet: the rating nudge asks about it. */
function answerOneDue() {
  let asked = 0;
  server.use(
    onEndpoint(endpoints.dueRatings, () => {
      asked += 1;
      return HttpResponse.json({
        items: [
          {
            servingId: 'serving-lunch',
            date: hostelDate(new Date(), timeZone),
            slot: 'lunch',
            meal: { _id: 'dal', title: 'Dal Makhani' },
            endsAt: new Date().toISOString(),
            rateUntil: new Date(Date.now() + 48 * 3_600_000).toISOString(),
            rating: null,
          },
        ],
        timeZone,
      } satisfies DueRatings);
    }),
  );
  return () => asked;
}

const layoutAt = (path: string) =>
  renderRoutes({
    routes: [
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [
          { path: 'my-profile', element: <p>My profile</p> },
          { path: 'meal-pass', element: <p>The pass</p> },
        ],
      },
    ],
    path,
    session: memberSession(),
  });

describe('The rating nudge above the dashboard’s pages', () => {
  it('asks above a dashboard page', async () => {
    answerOneDue();
    layoutAt('/dashboard/my-profile');
    expect(await screen.findByRole('region', { name: 'How was lunch today?' })).toBeInTheDocument();
  });

  it('never asks above the meal pass held up at the counter, nor asks the API', async () => {
    const asked = answerOneDue();
    layoutAt('/dashboard/meal-pass');
    expect(await screen.findByText('The pass')).toBeInTheDocument();
    // The nudge would have asked on its first render: a moment is enough to see it did not.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('region', { name: 'How was lunch today?' })).toBeNull();
    expect(asked()).toBe(0);
  });
});
