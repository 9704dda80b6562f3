import type { RouteObject } from 'react-router';

// Each page is its own chunk: a visitor's first page loads only itself.
/**
 * Home, meals, meal detail, upcoming meals, the menu, login, register and the footer's pages (the 404
 * page: app/router.tsx).
 */
export const publicRoutes: RouteObject[] = [
  { index: true, lazy: () => import('@/features/meals/pages/home').then((m) => ({ Component: m.HomePage })) },
  { path: 'meals', lazy: () => import('@/features/meals/pages/meals').then((m) => ({ Component: m.MealsPage })) },
  {
    path: 'meal/:mealId',
    lazy: () => import('@/features/meals/pages/meal-detail').then((m) => ({ Component: m.MealDetailPage })),
  },
  {
    path: 'upcoming-meals',
    lazy: () => import('@/features/meals/pages/upcoming-meals').then((m) => ({ Component: m.UpcomingMealsPage })),
  },
  { path: 'menu', lazy: () => import('@/features/menu/pages/menu').then((m) => ({ Component: m.MenuPage })) },
  { path: 'login', lazy: () => import('@/features/auth/pages/login').then((m) => ({ Component: m.LoginPage })) },
  {
    path: 'register',
    lazy: () => import('@/features/auth/pages/register').then((m) => ({ Component: m.RegisterPage })),
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
    lazy: () => import('@/features/info-pages/pages/info-page').then((m) => ({ Component: m[page] })),
  })),
];
