// Renders the dashboard's real routes at a path with a chosen session and a fresh query
// cache; the network is faked with msw at the HTTP edge (web/src/testing/server.ts).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { SessionContext, type Session } from '@/lib/auth';
import { fakeSession } from '@/testing/render';
import type { UserProfile } from '@hostelhub/contracts';
import { dashboardRoutes } from '../routes';
import './browser-stubs';

export const studentProfile: UserProfile = {
  _id: 'uid-student',
  role: 'student',
  badge: 'Bronze',
  membership: null,
  numberOfMeals: 0,
  name: 'Sam Student',
  email: 'student@hostelhub.test',
  photoURL: null,
};

export const adminProfile: UserProfile = {
  ...studentProfile,
  _id: 'uid-admin',
  role: 'admin',
  numberOfMeals: 7,
  name: 'Ada Admin',
  email: 'admin@hostelhub.test',
};

export function sessionFor(profile: UserProfile | null, overrides: Partial<Session> = {}): Session {
  return fakeSession({
    user: profile
      ? { uid: profile._id, email: profile.email, displayName: profile.name, photoURL: profile.photoURL }
      : null,
    profile,
    refreshProfile: vi.fn(async () => {}),
    ...overrides,
  });
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

export function renderDashboard(path: string, session: Session) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [...dashboardRoutes, { path: '/', Component: Landed }, { path: '/login', Component: Landed }],
    { initialEntries: [path] },
  );
  const tree = (current: Session) => (
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={current}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </QueryClientProvider>
  );
  const view = render(tree(session));
  /** The session changes (the profile arrives, the user signs out) on the same page. */
  const updateSession = (next: Session) => view.rerender(tree(next));
  return { ...view, router, queryClient, updateSession };
}
