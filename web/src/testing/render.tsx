// The one way tests render the site: real routes in a memory router, a fresh query cache,
// and either a chosen session (no Firebase needed) or the real session provider. The network
// is faked at its edge with msw (server.ts), so live data (Firestore listeners) is switched
// off; dialogs are the real sweetalert2 (dialogs.ts).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import type { LazyPage } from '@/app/lazy-page';
import { SessionContext, SessionProvider, type Session } from '@/lib/auth';
import { LiveDataSwitch } from '@/lib/live/live-switch';
import { adminProfile, fakeSession, memberProfile, sessionFor } from './profiles';

export {
  adminProfile,
  fakeSession,
  goldMembership,
  memberProfile,
  sessionFor,
  studentProfile,
  userFor,
} from './profiles';

type RenderRouteOptions = {
  routes: RouteObject[];
  path: string;
  state?: unknown;
  /** The session pages see; 'provider' runs the real session provider instead. */
  session?: Session | 'provider';
  /** Extra routes, e.g. a stand-in for /login to check redirects. */
  extraRoutes?: RouteObject[];
};

/** The pages of a route table (and its children's) whose modules load on first use. */
const lazyPagesOf = (table: RouteObject[]): Partial<LazyPage>[] =>
  table
    .flatMap((route) => [route.Component as Partial<LazyPage>, ...lazyPagesOf(route.children ?? [])])
    .filter((page) => typeof page?.preload === 'function');

/**
 * Renders the routes once every page they name has loaded. The site loads the page at hand
 * before its first render (app/router.tsx); a page that suspended inside a test's act() would
 * not be rendered again until an awaited act, which the tests' queries do not make.
 */
function WhenPagesLoaded({ table, children }: { table: RouteObject[]; children: ReactNode }) {
  const [loaded, setLoaded] = useState(() => lazyPagesOf(table).every((page) => page.isLoaded?.()));
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void Promise.all(lazyPagesOf(table).map((page) => page.preload?.())).then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [loaded, table]);
  return loaded ? children : null;
}

export function renderRoutes({ routes, path, state, session = fakeSession(), extraRoutes = [] }: RenderRouteOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // A `#fragment` as a browser keeps it (an email's link names its bell entry there).
  const hashAt = path.includes('#') ? path.indexOf('#') : path.length;
  const [pathname = '/', search] = path.slice(0, hashAt).split('?');
  const table = [...routes, ...extraRoutes];
  const router = createMemoryRouter(table, {
    initialEntries: [{ pathname, search: search ? `?${search}` : '', hash: path.slice(hashAt), state }],
  });
  // No Firestore listeners here: pages run on the API alone (msw); live data is e2e's.
  const tree = (current: Session | 'provider') => (
    <LiveDataSwitch.Provider value={false}>
      <QueryClientProvider client={queryClient}>
        {/* The site's layouts hold the Suspense of their pages; a table of pages alone needs one. */}
        <WhenPagesLoaded table={table}>
          <Suspense fallback={null}>
            {current === 'provider' ? (
              <SessionProvider>
                <RouterProvider router={router} />
              </SessionProvider>
            ) : (
              <SessionContext.Provider value={current}>
                <RouterProvider router={router} />
              </SessionContext.Provider>
            )}
          </Suspense>
        </WhenPagesLoaded>
      </QueryClientProvider>
    </LiveDataSwitch.Provider>
  );
  const view = render(tree(session));
  /** The session changes (the profile arrives, the user signs out) on the same page. */
  const updateSession = (next: Session) => view.rerender(tree(next));
  return { ...view, router, queryClient, session, updateSession };
}

/**
 * Renders a feature's pages at their dashboard paths, as the app routes them: the answer
 * renders the page at `path` for `session`.
 */
export const dashboardRenderer = (pages: RouteObject[]) => (path: string, session: Session) =>
  renderRoutes({ routes: pages, path, session });

/** One page at its own path, for `session`. */
export const renderPage = (path: string, Component: ComponentType, session: Session | 'provider') =>
  renderRoutes({ routes: [{ path, Component }], path, session });

/** The sessions dashboard tests sign in with: an admin, and a Gold member. */
export const adminSession = () => sessionFor(adminProfile);
export const memberSession = () => sessionFor(memberProfile);

/** A route that only shows where the app sent the user, and where from. */
export const locationProbe = (path: string): RouteObject => ({
  path,
  Component: function LocationProbe() {
    const location = useLocation();
    const from = (location.state as { from?: string } | null)?.from;
    return (
      <p data-testid="location-probe">
        Landed on {location.pathname}
        {from ? ` from ${from}` : ''}
      </p>
    );
  },
});
