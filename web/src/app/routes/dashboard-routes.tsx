import type { RouteObject } from 'react-router';
import { AdminRoute } from '@/components/admin-route';

// Every dashboard page is its own chunk: a student never downloads the admin pages. The
// pages live in the feature of the resource they show (users, requests, reviews, payments,
// admin meals, menu); the shell around them is the app's.
/** /dashboard and every student and admin page under it. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    lazy: () => import('../layouts/dashboard-layout').then((m) => ({ Component: m.DashboardLayout })),
    children: [
      { index: true, lazy: () => import('./dashboard-index').then((m) => ({ Component: m.DashboardIndex })) },
      {
        path: 'my-profile',
        lazy: () => import('@/features/users/pages/my-profile').then((m) => ({ Component: m.MyProfilePage })),
      },
      {
        path: 'requested-meal',
        lazy: () =>
          import('@/features/requests/pages/requested-meals').then((m) => ({ Component: m.RequestedMealsPage })),
      },
      {
        path: 'my-reviews',
        lazy: () => import('@/features/reviews/pages/my-reviews').then((m) => ({ Component: m.MyReviewsPage })),
      },
      {
        path: 'payment-history',
        lazy: () =>
          import('@/features/payments/pages/payment-history').then((m) => ({ Component: m.PaymentHistoryPage })),
      },
      {
        path: 'meal-pass',
        lazy: () => import('@/features/menu/pages/meal-pass').then((m) => ({ Component: m.MealPassPage })),
      },
      {
        // The kitchen's pages: kitchen staff and admins.
        element: <AdminRoute staffToo />,
        children: [
          {
            path: 'serve-meals',
            lazy: () => import('@/features/requests/pages/serve-meals').then((m) => ({ Component: m.ServeMealsPage })),
          },
          {
            path: 'kitchen',
            lazy: () => import('@/features/menu/pages/kitchen').then((m) => ({ Component: m.KitchenPage })),
          },
          {
            path: 'counter',
            lazy: () => import('@/features/menu/pages/counter').then((m) => ({ Component: m.CounterPage })),
          },
        ],
      },
      {
        // Admin pages wait for the role, then send anyone but an admin to the home page.
        element: <AdminRoute />,
        children: [
          {
            path: 'admin-profile',
            lazy: () => import('@/features/users/pages/admin-profile').then((m) => ({ Component: m.AdminProfilePage })),
          },
          {
            path: 'manage-users',
            lazy: () => import('@/features/users/pages/manage-users').then((m) => ({ Component: m.ManageUsersPage })),
          },
          {
            path: 'add-meals',
            lazy: () => import('@/features/admin-meals/pages/add-meals').then((m) => ({ Component: m.AddMealsPage })),
          },
          {
            path: 'all-meals',
            lazy: () => import('@/features/admin-meals/pages/all-meals').then((m) => ({ Component: m.AllMealsPage })),
          },
          {
            path: 'menu-planner',
            lazy: () => import('@/features/menu/pages/menu-planner').then((m) => ({ Component: m.MenuPlannerPage })),
          },
          {
            path: 'add-upcoming-meals',
            lazy: () =>
              import('@/features/admin-meals/pages/upcoming-meals').then((m) => ({
                Component: m.UpcomingMealsAdminPage,
              })),
          },
          {
            // The charts come with this chunk only (ADR 37): no other page downloads them.
            path: 'insights',
            lazy: () => import('@/features/insights/pages/insights').then((m) => ({ Component: m.InsightsPage })),
          },
        ],
      },
    ],
  },
];
