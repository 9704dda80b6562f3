import { createBrowserRouter, type RouteObject } from 'react-router';
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
