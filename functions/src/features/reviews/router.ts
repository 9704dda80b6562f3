import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { caller, emailInScope } from '../../lib/auth.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { handle } from '../../lib/route.js';
import { addReviewAsCaller, deleteReview, editReview, reviewsOfUser } from './service.js';

export const reviewsRouter = Router();

/** POST /add-review?mealId=: the author's name and picture come from their stored profile. */
handle(reviewsRouter, endpoints.addReview, async ({ query, body }, res) => {
  const user = caller(res);
  assertOwnEmail(body.email, user.email);
  const { insertedId } = await addReviewAsCaller(query.mealId, user.uid, body);
  return { modifiedCount: 1, insertedId } as const;
});

/** PATCH /review/{mealId}: the caller edits their own review of that meal. */
handle(reviewsRouter, endpoints.editReview, async ({ params, body }, res) => {
  await editReview(params.mealId, caller(res).uid, body);
  return { modifiedCount: 1 };
});

/** DELETE /review/{mealId}: the caller removes their own review of that meal. */
handle(reviewsRouter, endpoints.deleteReview, async ({ params }, res) => {
  await deleteReview(params.mealId, caller(res).uid);
  return { deletedCount: 1 };
});

/** GET /reviews?email=: the caller's reviews (an admin may name another user). */
handle(reviewsRouter, endpoints.myReviews, async ({ query }, res) => {
  const email = await emailInScope(res, query.email);
  return reviewsOfUser(caller(res), email, query.limit, query.cursor);
});
