import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { caller } from '../../lib/auth.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { handle } from '../../lib/route.js';
import { likeMeal, likeUpcomingMeal } from './service.js';

export const likesRouter = Router();

/**
 * POST /like: any signed-in user likes a meal, once. POST /like-upcoming: only members may
 * like (membership from Firestore, never the body).
 */
for (const [endpoint, like] of [
  [endpoints.like, likeMeal],
  [endpoints.likeUpcoming, likeUpcomingMeal],
] as const) {
  handle(likesRouter, endpoint, ({ body }, res) => {
    const { uid, email } = caller(res);
    assertOwnEmail(body.email, email);
    return like(body.mealId, uid);
  });
}
