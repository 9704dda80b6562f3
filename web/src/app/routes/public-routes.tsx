import type { RouteObject } from 'react-router';
import { lazyPage } from '../lazy-page';

// Each page is its own chunk: a visitor's first page loads only itself.
/**
 * Home, meals, meal detail, upcoming meals, the menu, login, register and the footer's pages (the 404
 * page: app/router.tsx).
 */
export const publicRoutes: RouteObject[] = [
  { index: true, Component: lazyPage(() => import('@/features/meals/pages/home').then((m) => m.HomePage)) },
  { path: 'meals', Component: lazyPage(() => import('@/features/meals/pages/meals').then((m) => m.MealsPage)) },
  {
    path: 'meal/:mealId',
    Component: lazyPage(() => import('@/features/meals/pages/meal-detail').then((m) => m.MealDetailPage)),
  },
  {
    path: 'upcoming-meals',
    Component: lazyPage(() => import('@/features/meals/pages/upcoming-meals').then((m) => m.UpcomingMealsPage)),
  },
  { path: 'menu', Component: lazyPage(() => import('@/features/menu/pages/menu').then((m) => m.MenuPage)) },
  { path: 'login', Component: lazyPage(() => import('@/features/auth/pages/login').then((m) => m.LoginPage)) },
  {
    path: 'register',
    Component: lazyPage(() => import('@/features/auth/pages/register').then((m) => m.RegisterPage)),
  },
  ...(
    [
      ['about', 'AboutPage'],
      ['contact', 'ContactPage'],
      ['faq', 'FaqPage'],
      ['terms', 'TermsPage'],
      ['privacy', 'PrivacyPage'],
    ] as const
  ).map(([path, page]) => ({
    path,
    Component: lazyPage(() => import('@/features/info-pages/pages/info-page').then((m) => m[page])),
  })),
];
