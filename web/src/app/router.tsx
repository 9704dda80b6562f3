import { createContext, use, useCallback, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { matchRoutes, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/spinner';
import { liftKeptPassPage } from '@/lib/offline/kept-pass-page';
import { paths } from '@/lib/paths';
import type { LazyPage } from './lazy-page';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './routes/not-found';
import { RouteErrorBoundary } from './routes/route-error';
import { publicRoutes } from './routes/public-routes';

// The site's routes, matched by React Router's component router (`useRoutes`), not its data
// router: the site reads its data through TanStack Query, so the data router's loaders, its
// lazy routes and its scroll restoration were 20 KB gzip of a visitor's first scripts that
// did little here (ADR 42). Pages are their own chunks (`lazyPage`), loaded before the first
// render for the page at hand.

/**
 * The signed-in areas' route tables, loaded on the first visit under them, so a visitor's
 * first bundle carries neither: the dashboard's (its pages are lazy anyway) and the checkout's.
 */
const signedInAreas: { prefix: string; load: () => Promise<RouteObject[]> }[] = [
  { prefix: paths.dashboard.root, load: () => import('./routes/dashboard-routes').then((m) => m.dashboardRoutes) },
  { prefix: paths.checkoutArea, load: () => import('@/app/routes/checkout-routes').then((m) => m.checkoutRoutes) },
];
const areaFor = (pathname: string) =>
  signedInAreas.find((area) => pathname === area.prefix || pathname.startsWith(`${area.prefix}/`));

/** Adds a signed-in area's routes to the site's (UnmatchedPath calls it). */
const AddArea = createContext<(routes: RouteObject[]) => void>(() => {});

/**
 * What no route matches: a signed-in area whose routes have not loaded yet (they are added to
 * the site's routes, and the same address is opened again), or a page that does not exist.
 */
function UnmatchedPath() {
  const location = useLocation();
  const navigate = useNavigate();
  const addArea = use(AddArea);
  const area = areaFor(location.pathname);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!area) return;
    let cancelled = false;
    area
      .load()
      .then((children) => {
        if (cancelled) return;
        addArea(children);
        const { pathname, search, hash, state } = location;
        void navigate({ pathname, search, hash }, { replace: true, state });
      })
      .catch((error) => {
        console.error('Could not load the page', error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [area, addArea, location, navigate]);
  if (failed) throw new Error('This page could not be loaded. Check your connection and try again.');
  return area ? <PageLoader /> : <NotFoundPage />;
}

/** The site's routes, with the route tables of the signed-in areas given. */
function appRoutes(areas: RouteObject[] = []): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      // Kept last so that every other route wins.
      children: [...publicRoutes, ...areas, { path: '*', Component: UnmatchedPath }],
    },
  ];
}

/** The public routes (the prerender and the server render these; the signed-in areas join on first visit). */
export const routes: RouteObject[] = appRoutes();

function MatchedRoutes({ areas }: { areas: RouteObject[] }) {
  return useRoutes(useMemo(() => appRoutes(areas), [areas]));
}

/**
 * The site's pages inside a router (BrowserRouter in the browser, StaticRouter on the server):
 * the routes matched, what a page throws shown as the error page.
 */
export function SiteRoutes({ initialAreas = [] }: { initialAreas?: RouteObject[] }): ReactNode {
  const [areas, setAreas] = useState(initialAreas);
  const addArea = useCallback(
    (more: RouteObject[]) => setAreas((current) => [...current, ...more.filter((route) => !current.includes(route))]),
    [],
  );
  const { pathname } = useLocation();
  // The pass page kept on the phone covers that page only (ADR 86): a sign-in sending the
  // member elsewhere first takes it away.
  useLayoutEffect(() => {
    if (pathname !== paths.dashboard.mealPass) liftKeptPassPage();
  }, [pathname]);
  return (
    <AddArea value={addArea}>
      <RouteErrorBoundary pathname={pathname}>
        <MatchedRoutes areas={areas} />
      </RouteErrorBoundary>
    </AddArea>
  );
}

/** Loads the modules of the pages `routes` matches at `pathname`, so their first render is the page. */
export async function preloadPages(routeTable: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routeTable, pathname) ?? [];
  await Promise.all(
    matches.map(({ route }) =>
      // A chunk that fails here is asked for again as the page renders, and its error shown.
      (route.Component as Partial<LazyPage> | null | undefined)?.preload?.().catch(() => {}),
    ),
  );
}

/**
 * The signed-in area's routes when the current address is under one, with the current page's
 * modules loaded: the site's first render is then the page itself, painted over the page's
 * server-rendered or prerendered HTML in one commit, rather than a loader in between.
 */
export async function prepareCurrentPage(): Promise<RouteObject[]> {
  const area = areaFor(window.location.pathname);
  const areas = area ? await area.load().catch(() => []) : [];
  await preloadPages(appRoutes(areas), window.location.pathname);
  return areas;
}
