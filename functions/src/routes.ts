import type { Router } from 'express';
import { endpoints, type Endpoint } from '@hostelhub/contracts';
import { activityRouter } from './features/activity/router.js';
import { adminMealsRouter } from './features/admin-meals/router.js';
import { bookingRouter } from './features/booking/router.js';
import { feedbackRouter } from './features/feedback/router.js';
import { feedsRouter } from './features/feeds/router.js';
import { hallsRouter } from './features/halls/router.js';
import { insightsRouter } from './features/insights/router.js';
import { likesRouter } from './features/likes/router.js';
import { mealsRouter } from './features/meals/router.js';
import { menuRouter } from './features/menu/router.js';
import { paymentsRouter } from './features/payments/router.js';
import { pushRouter } from './features/push/router.js';
import { counterRouter } from './features/reservations/counter-router.js';
import { requestsRouter } from './features/requests/router.js';
import { reservationsRouter } from './features/reservations/router.js';
import { reviewsRouter } from './features/reviews/router.js';
import { sessionRouter } from './features/session/router.js';
import { standingRouter } from './features/standing/router.js';
import { usersRouter } from './features/users/router.js';

/** Every feature's router, in the order they are tried. */
export const featureRouters: Router[] = [
  sessionRouter,
  usersRouter,
  pushRouter,
  mealsRouter,
  menuRouter,
  feedsRouter,
  hallsRouter,
  bookingRouter,
  standingRouter,
  adminMealsRouter,
  likesRouter,
  // Before requests: POST /meal-request naming a serving is a reservation.
  reservationsRouter,
  requestsRouter,
  counterRouter,
  reviewsRouter,
  paymentsRouter,
  feedbackRouter,
  insightsRouter,
  activityRouter,
];

/**
 * Every route that calls Stripe (marked `callsStripe` in the endpoint table), and every one
 * that reads every document of one person (`expensive`: the data export, ADR 75), limited per
 * user beyond the limit on writes (lib/rate-limit.ts, ADR 0018).
 */
export const expensiveRoutes: Endpoint[] = Object.values(endpoints).filter(
  (endpoint: Endpoint) => endpoint.callsStripe === true || endpoint.expensive === true,
);
