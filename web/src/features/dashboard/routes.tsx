import type { RouteObject } from 'react-router';
import { AdminRoute } from '@/components/admin-route';

// Every dashboard page is its own chunk: a student never downloads the admin pages.
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** /dashboard and every student and admin page under it. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: async () => ({ Component: (await import('./components/dashboard-layout')).DashboardLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./components/role-gates')).DashboardIndex }) },
      { path: 'my-profile', lazy: page(() => import('./pages/my-profile')) },
      { path: 'requested-meal', lazy: page(() => import('./pages/requested-meals')) },
      { path: 'my-reviews', lazy: page(() => import('./pages/my-reviews')) },
      { path: 'payment-history', lazy: page(() => import('./pages/payment-history')) },
      {
        // Admin pages wait for the role, then send anyone but an admin to the home page.
        element: <AdminRoute />,
        children: [
          { path: 'admin-profile', lazy: page(() => import('./pages/admin-profile')) },
          { path: 'manage-users', lazy: page(() => import('./pages/manage-users')) },
          { path: 'add-meals', lazy: page(() => import('./pages/add-meals')) },
          { path: 'all-meals', lazy: page(() => import('./pages/all-meals')) },
          { path: 'serve-meals', lazy: page(() => import('./pages/serve-meals')) },
          { path: 'add-upcoming-meals', lazy: page(() => import('./pages/upcoming-meals')) },
        ],
      },
    ],
  },
];
