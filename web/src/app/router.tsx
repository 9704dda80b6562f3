import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/spinner';
import { checkoutRoutes } from '@/features/checkout/routes';
import { RootLayout } from './layouts/root-layout';
import { dashboardRoutes } from './routes/dashboard-routes';
import { RouteError } from './routes/route-error';
import { notFoundRoute, publicRoutes } from './routes/public-routes';

// Each area owns its route list; pages are lazy so a visitor's first page loads only itself.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoader />,
    errorElement: <RouteError />,
    children: [...publicRoutes, ...checkoutRoutes, ...dashboardRoutes, notFoundRoute],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/**
 * The router, once the current page's lazy route has loaded. Its first render is then the page
 * itself, painted over the page's prerendered HTML (web/scripts/prerender.mjs) in one commit,
 * rather than a loader in between. A chunk that fails to load is left to the router, which
 * retries it and shows the error page.
 */
export async function createRouterForCurrentPage() {
  const matches = matchRoutes(routes, window.location) ?? [];
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
  return createRouter();
}
