import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { AdminRoute } from '@/components/admin-route';
import { lazyPage } from '../lazy-page';

/** A dashboard page at `path`, its module loaded on the first visit. */
const page = (path: string, load: () => Promise<ComponentType>): RouteObject => ({ path, Component: lazyPage(load) });

// Every dashboard page is its own chunk: a student never downloads the admin pages. The
// pages live in the feature of the resource they show (users, requests, reviews, payments,
// admin meals, menu); the shell around them is the app's.
/** /dashboard and every student and admin page under it. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    Component: lazyPage(() => import('../layouts/dashboard-layout').then((m) => m.DashboardLayout)),
    children: [
      { index: true, Component: lazyPage(() => import('./dashboard-index').then((m) => m.DashboardIndex)) },
      page('my-profile', () => import('@/features/users/pages/my-profile').then((m) => m.MyProfilePage)),
      page('requested-meal', () =>
        import('@/features/requests/pages/requested-meals').then((m) => m.RequestedMealsPage),
      ),
      page('my-reviews', () => import('@/features/reviews/pages/my-reviews').then((m) => m.MyReviewsPage)),
      page('payment-history', () =>
        import('@/features/payments/pages/payment-history').then((m) => m.PaymentHistoryPage),
      ),
      page('meal-pass', () => import('@/features/reservations/pages/meal-pass').then((m) => m.MealPassPage)),
      page('rate-meals', () => import('@/features/feedback/pages/rate-meals').then((m) => m.RateMealsPage)),
      // A member's own complaints; staff and admins answer everyone's on the same page.
      page('complaints', () => import('@/features/feedback/pages/complaints').then((m) => m.ComplaintsPage)),
      // A member's leave (ADR 74): the rules, applying, and their leaves.
      page('my-leave', () => import('@/features/leave/pages/my-leave').then((m) => m.MyLeavePage)),
      {
        // The kitchen's pages: kitchen staff and admins.
        element: <AdminRoute staffToo />,
        children: [
          page('serve-meals', () => import('@/features/requests/pages/serve-meals').then((m) => m.ServeMealsPage)),
          page('kitchen', () => import('@/features/menu/pages/kitchen').then((m) => m.KitchenPage)),
          page('counter', () => import('@/features/reservations/pages/counter').then((m) => m.CounterPage)),
        ],
      },
      {
        // Admin pages wait for the role, then send anyone but an admin to the home page.
        element: <AdminRoute />,
        children: [
          page('admin-profile', () => import('@/features/users/pages/admin-profile').then((m) => m.AdminProfilePage)),
          page('manage-users', () => import('@/features/users/pages/manage-users').then((m) => m.ManageUsersPage)),
          page('add-meals', () => import('@/features/admin-meals/pages/add-meals').then((m) => m.AddMealsPage)),
          page('all-meals', () => import('@/features/admin-meals/pages/all-meals').then((m) => m.AllMealsPage)),
          page('menu-planner', () => import('@/features/menu/pages/menu-planner').then((m) => m.MenuPlannerPage)),
          page('add-upcoming-meals', () =>
            import('@/features/admin-meals/pages/upcoming-meals').then((m) => m.UpcomingMealsAdminPage),
          ),
          // The charts come with this chunk only (ADR 37): no other page downloads them.
          page('insights', () => import('@/features/insights/pages/insights').then((m) => m.InsightsPage)),
          page('leave-queue', () => import('@/features/leave/pages/leave-queue').then((m) => m.LeaveQueuePage)),
          page('meal-settings', () => import('@/features/leave/pages/meal-settings').then((m) => m.MealSettingsPage)),
          page('activity', () => import('@/features/activity/pages/activity').then((m) => m.ActivityPage)),
        ],
      },
    ],
  },
];
