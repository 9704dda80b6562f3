import { useEffect, useState } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  useLocation,
  useNavigate,
  type DataRouter,
  type RouteObject,
} from 'react-router';
import { PageLoader } from '@/components/spinner';
import { paths } from '@/lib/paths';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';
import { publicRoutes } from './routes/public-routes';

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

const rootId = 'root';
let currentRouter: DataRouter | null = null;

/**
 * What no route matches: a signed-in area whose routes have not loaded yet (they are added to
 * the router, and the same address is opened again), or a page that does not exist.
 */
function UnmatchedPath() {
  const location = useLocation();
  const navigate = useNavigate();
  const area = areaFor(location.pathname);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!area || !currentRouter) return;
    let cancelled = false;
    const router = currentRouter;
    area
      .load()
      .then((children) => {
        if (cancelled) return;
        router.patchRoutes(rootId, children);
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
  }, [area, location, navigate]);
  if (failed) throw new Error('This page could not be loaded. Check your connection and try again.');
  return area ? <PageLoader /> : <NotFoundPage />;
}

/** The site's routes, with the route tables of the signed-in areas given. */
function appRoutes(areas: RouteObject[] = []): RouteObject[] {
  return [
    {
      id: rootId,
      element: <RootLayout />,
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteError />,
      // Kept last so that every other route wins.
      children: [...publicRoutes, ...areas, { path: '*', Component: UnmatchedPath }],
    },
  ];
}

// Each area owns its route list; pages are lazy so a visitor's first page loads only itself.
/** The public routes (the prerender renders these; the signed-in areas join on first visit). */
export const routes: RouteObject[] = appRoutes();

/**
 * The router, once the current page's routes and lazy route have loaded. Its first render is
 * then the page itself, painted over the page's prerendered HTML (web/scripts/prerender.mjs)
 * in one commit, rather than a loader in between. A chunk that fails to load is left to the
 * router, which retries it and shows the error page.
 */
export async function createRouterForCurrentPage() {
  const area = areaFor(window.location.pathname);
  const initialRoutes = area ? appRoutes(await area.load().catch(() => [])) : routes;
  const matches = matchRoutes(initialRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      try {
        Object.assign(route, await route.lazy(), { lazy: undefined });
      } catch {
        // The router loads it again and shows what went wrong.
      }
    }),
  );
  currentRouter = createBrowserRouter(initialRoutes);
  return currentRouter;
}
