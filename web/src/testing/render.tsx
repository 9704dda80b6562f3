// Renders a page the way the app does (router, query client) with a chosen session, so
// tests do not need Firebase. The network is faked with msw (see server.ts).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SessionContext, type Session, type SessionUser } from '@/lib/auth';
import type { UserProfile } from '@hostelhub/contracts';

export const testUser: SessionUser = {
  uid: 'user-1',
  email: 'resident@hostelhub.test',
  displayName: 'Riley Resident',
  photoURL: null,
};

export const testProfile: UserProfile = {
  _id: 'user-1',
  name: 'Riley Resident',
  email: 'resident@hostelhub.test',
  photoURL: null,
  role: 'student',
  badge: 'Bronze',
  membership: null,
  numberOfMeals: 0,
};

const rejectNotMocked = (name: string) => () => Promise.reject(new Error(`${name} is not mocked in this test`));

/** A session object; pass `signedIn` for a user with a profile, and override any action. */
export function fakeSession(overrides: Partial<Session> & { signedIn?: boolean } = {}): Session {
  const { signedIn, ...rest } = overrides;
  return {
    user: signedIn ? testUser : null,
    loading: false,
    profile: signedIn ? testProfile : null,
    profileLoading: false,
    refreshProfile: async () => {},
    signUp: vi.fn(rejectNotMocked('signUp')),
    logIn: vi.fn(rejectNotMocked('logIn')),
    logInWithGoogle: vi.fn(rejectNotMocked('logInWithGoogle')),
    logInWithFacebook: vi.fn(rejectNotMocked('logInWithFacebook')),
    sendPasswordReset: vi.fn(rejectNotMocked('sendPasswordReset')),
    updateUserProfile: vi.fn(rejectNotMocked('updateUserProfile')),
    logOut: vi.fn(async () => {}),
    ...rest,
  };
}

type RenderRouteOptions = {
  routes: RouteObject[];
  path: string;
  state?: unknown;
  session?: Session;
  /** Extra routes, e.g. a stand-in for /login to check redirects. */
  extraRoutes?: RouteObject[];
};

export function renderRoutes({ routes, path, state, session = fakeSession(), extraRoutes = [] }: RenderRouteOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([...routes, ...extraRoutes], {
    initialEntries: [
      { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state },
    ],
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
    </QueryClientProvider>
  );
  const utils = render(<RouterProvider router={router} />, { wrapper });
  return { ...utils, router, queryClient, session };
}

/** A route that only shows where the app sent the user, with the navigation state. */
export const locationProbe = (path: string): RouteObject => ({
  path,
  Component: function LocationProbe() {
    return <p data-testid="location-probe">{path}</p>;
  },
});
