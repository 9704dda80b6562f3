import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { caller, emailInScope, requireUser } from '../../lib/auth.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { route } from '../../lib/route.js';
import { addReviewAsCaller, deleteReview, editReview, reviewsOfUser } from './service.js';

export const reviewsRouter = Router();

/** POST /add-review?mealId=: the author's name and picture come from their stored profile. */
reviewsRouter.post(
  endpoints.addReview.path,
  requireUser,
  route(endpoints.addReview, async ({ query, body }, _req, res) => {
    const user = caller(res);
    assertOwnEmail(body.email, user.email);
    const { insertedId } = await addReviewAsCaller(query.mealId, user.uid, body);
    res.status(201).json({ modifiedCount: 1, insertedId });
  }),
);

/** PATCH /review/{mealId}: the caller edits their own review of that meal. */
reviewsRouter.patch(
  endpoints.editReview.path,
  requireUser,
  route(endpoints.editReview, async ({ params, body }, _req, res) => {
    await editReview(params.mealId, caller(res).uid, body);
    res.json({ modifiedCount: 1 });
  }),
);

/** DELETE /review/{mealId}: the caller removes their own review of that meal. */
reviewsRouter.delete(
  endpoints.deleteReview.path,
  requireUser,
  route(endpoints.deleteReview, async ({ params }, _req, res) => {
    await deleteReview(params.mealId, caller(res).uid);
    res.json({ deletedCount: 1 });
  }),
);

/** GET /reviews?email=: the caller's reviews (an admin may name another user). */
reviewsRouter.get(
  endpoints.myReviews.path,
  requireUser,
  route(endpoints.myReviews, async ({ query }, _req, res) => {
    const email = await emailInScope(res, query.email);
    res.json(await reviewsOfUser(caller(res), email, query.limit, query.cursor));
  }),
);
