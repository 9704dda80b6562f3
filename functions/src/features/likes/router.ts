import { Router } from 'express';
import { memberBadges } from '../../shared/catalog.js';
import { caller, loadProfile, requireUser } from '../../lib/auth.js';
import { ApiError } from '../../lib/errors.js';
import { collections } from '../../lib/firestore.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { validate } from '../../lib/validate.js';
import { likeBody, type LikeBody } from './schemas.js';
import { likeMeal } from './service.js';

export const likesRouter = Router();

/** POST /like: any signed-in user likes a meal, once. */
likesRouter.post('/like', requireUser, validate({ body: likeBody }), async (req, res) => {
  const { uid, email } = caller(res);
  const body = req.body as LikeBody;
  assertOwnEmail(body.email, email);
  res.json(await likeMeal(collections.meals, body.mealId, uid));
});

/** POST /like-upcoming: only paying members (badge from Firestore, never the body) may like. */
likesRouter.post('/like-upcoming', requireUser, validate({ body: likeBody }), async (req, res) => {
  const { uid, email } = caller(res);
  const body = req.body as LikeBody;
  assertOwnEmail(body.email, email);
  const profile = await loadProfile(uid);
  if (!profile || !memberBadges.includes(profile.badge)) {
    throw new ApiError(402, 'Premium only: upgrade to Silver, Gold or Platinum to like upcoming meals');
  }
  res.json(await likeMeal(collections.upcomingMeals, body.mealId, uid));
});
