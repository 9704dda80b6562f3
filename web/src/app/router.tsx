import { createBrowserRouter, type RouteObject } from 'react-router';
import { checkoutRoutes } from '@/features/checkout/routes';
import { dashboardRoutes } from '@/features/dashboard/routes';
import { RootLayout } from './layouts/root-layout';
import { publicRoutes } from './routes/public-routes';

// Each area owns its route list; pages are lazy so a visitor's first page loads only itself.
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [...publicRoutes, ...checkoutRoutes, ...dashboardRoutes],
  },
];

export const createRouter = () => createBrowserRouter(routes);
