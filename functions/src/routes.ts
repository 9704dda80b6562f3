import type { Router } from 'express';
import { adminMealsRouter } from './features/admin-meals/router.js';
import { likesRouter } from './features/likes/router.js';
import { mealsRouter } from './features/meals/router.js';
import { requestsRouter } from './features/requests/router.js';
import { reviewsRouter } from './features/reviews/router.js';
import { sessionRouter } from './features/session/router.js';
import { usersRouter } from './features/users/router.js';

/** Every feature's router, in the order they are tried. */
export const featureRouters: Router[] = [
  sessionRouter,
  usersRouter,
  mealsRouter,
  adminMealsRouter,
  likesRouter,
  requestsRouter,
  reviewsRouter,
];
