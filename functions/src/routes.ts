import type { Router } from 'express';
import { adminMealsRouter } from './features/admin-meals/router.js';
import { likesRouter } from './features/likes/router.js';
import { mealsRouter } from './features/meals/router.js';
import { menuRouter } from './features/menu/router.js';
import { paymentsRouter } from './features/payments/router.js';
import { requestsRouter } from './features/requests/router.js';
import { reviewsRouter } from './features/reviews/router.js';
import { sessionRouter } from './features/session/router.js';
import { usersRouter } from './features/users/router.js';

/** Every feature's router, in the order they are tried. */
export const featureRouters: Router[] = [
  sessionRouter,
  usersRouter,
  mealsRouter,
  menuRouter,
  adminMealsRouter,
  likesRouter,
  requestsRouter,
  reviewsRouter,
  paymentsRouter,
];

/**
 * Every route that calls Stripe, limited per user beyond the limit on writes
 * (lib/rate-limit.ts, ADR 0018). A new route that calls Stripe belongs here.
 */
export const stripeRoutes: { method: 'get' | 'post'; path: string }[] = [
  { method: 'post', path: '/subscriptions' },
  { method: 'post', path: '/subscriptions/:id/sync' },
  { method: 'post', path: '/subscription/cancel' },
  { method: 'post', path: '/subscription/resume' },
  { method: 'get', path: '/subscription/change-preview' },
  { method: 'post', path: '/subscription/change' },
];
