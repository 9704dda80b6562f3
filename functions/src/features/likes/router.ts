import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { caller, requireUser } from '../../lib/auth.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { route } from '../../lib/route.js';
import { likeMeal, likeUpcomingMeal } from './service.js';

export const likesRouter = Router();

/** POST /like: any signed-in user likes a meal, once. */
likesRouter.post(
  endpoints.like.path,
  requireUser,
  route(endpoints.like, async ({ body }, _req, res) => {
    const { uid, email } = caller(res);
    assertOwnEmail(body.email, email);
    res.json(await likeMeal(body.mealId, uid));
  }),
);

/** POST /like-upcoming: only members may like (membership from Firestore, never the body). */
likesRouter.post(
  endpoints.likeUpcoming.path,
  requireUser,
  route(endpoints.likeUpcoming, async ({ body }, _req, res) => {
    const { uid, email } = caller(res);
    assertOwnEmail(body.email, email);
    res.json(await likeUpcomingMeal(body.mealId, uid));
  }),
);
