// Renders the dashboard's real routes at a path, with a given session and a fresh query
// cache; the network is faked with msw at the HTTP edge.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { dashboardRoutes } from '../routes';
import { DashboardSessionContext, type DashboardSession, type Profile } from '../session';

export const studentProfile: Profile = {
  role: 'student',
  badge: 'Bronze',
  membership: null,
  numberOfMeals: 0,
  name: 'Sam Student',
  email: 'student@hostelhub.test',
  photoURL: null,
};

export const adminProfile: Profile = {
  ...studentProfile,
  role: 'admin',
  numberOfMeals: 7,
  name: 'Ada Admin',
  email: 'admin@hostelhub.test',
};

export function sessionFor(profile: Profile | null, overrides: Partial<DashboardSession> = {}): DashboardSession {
  return {
    user: profile
      ? { uid: `uid-${profile.role}`, email: profile.email, displayName: profile.name, photoURL: profile.photoURL }
      : null,
    loading: false,
    profile,
    profileLoading: false,
    refreshProfile: vi.fn(),
    ...overrides,
  };
}

/** Shows where the app navigated to, for redirect assertions. */
function Landed() {
  const location = useLocation();
  return (
    <p>
      Landed on {location.pathname}
      {location.state?.from ? ` from ${location.state.from}` : ''}
    </p>
  );
}

export function renderDashboard(path: string, session: DashboardSession) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [...dashboardRoutes, { path: '/', element: <Landed /> }, { path: '/login', element: <Landed /> }],
    { initialEntries: [path] },
  );
  const tree = (current: DashboardSession) => (
    <QueryClientProvider client={queryClient}>
      <DashboardSessionContext.Provider value={current}>
        <RouterProvider router={router} />
      </DashboardSessionContext.Provider>
    </QueryClientProvider>
  );
  const view = render(tree(session));
  /** The session changes (the profile arrives, the user signs out) on the same page. */
  const updateSession = (next: DashboardSession) => view.rerender(tree(next));
  return { ...view, router, queryClient, updateSession };
}
