import { Router } from 'express';
import { caller, emailInScope, loadProfile, requireUser } from '../../lib/auth.js';
import { collections, db } from '../../lib/firestore.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { validate, validQuery } from '../../lib/validate.js';
import { reviewsByAuthor } from './queries.js';
import {
  addReviewBody,
  editReviewBody,
  mealIdParams,
  mealIdQuery,
  myReviewsQuery,
  type AddReviewBody,
  type EditReviewBody,
  type MyReviewsQuery,
} from './schemas.js';
import { addReview, deleteReview, editReview, readMyReviewsPage } from './service.js';

export const reviewsRouter = Router();

/** POST /add-review?mealId=: the author's name and picture come from their stored profile. */
reviewsRouter.post(
  '/add-review',
  requireUser,
  validate({ query: mealIdQuery, body: addReviewBody }),
  async (req, res) => {
    const { uid, email } = caller(res);
    const { mealId } = validQuery<{ mealId: string }>(res);
    const body = req.body as AddReviewBody;
    assertOwnEmail(body.email, email);
    const profile = await loadProfile(uid);
    const author = { uid, userName: profile?.name || 'HostelHub resident', img: profile?.photoURL ?? null };
    const { insertedId } = await addReview(mealId, author, { comment: body.comment, rating: body.rating });
    res.status(201).json({ modifiedCount: 1, insertedId });
  },
);

/** PATCH /review/{mealId}: the caller edits their own review of that meal. */
reviewsRouter.patch(
  '/review/:mealId',
  requireUser,
  validate({ params: mealIdParams, body: editReviewBody }),
  async (req, res) => {
    await editReview(String(req.params.mealId), caller(res).uid, req.body as EditReviewBody);
    res.json({ modifiedCount: 1 });
  },
);

/** DELETE /review/{mealId}: the caller removes their own review of that meal. */
reviewsRouter.delete('/review/:mealId', requireUser, validate({ params: mealIdParams }), async (req, res) => {
  await deleteReview(String(req.params.mealId), caller(res).uid);
  res.json({ deletedCount: 1 });
});

/** GET /reviews?email=: the caller's reviews (an admin may name another user). */
reviewsRouter.get('/reviews', requireUser, validate({ query: myReviewsQuery }), async (_req, res) => {
  const { uid, email: callerEmail } = caller(res);
  const query = validQuery<MyReviewsQuery>(res);
  const email = await emailInScope(res, query.email);
  const authorUid = email.toLowerCase() === callerEmail.toLowerCase() ? uid : await uidForEmail(email);
  if (!authorUid) {
    res.json({ items: [], nextCursor: null });
    return;
  }
  res.json(await readMyReviewsPage(reviewsByAuthor(authorUid), query.limit, query.cursor));
});

/** Reviews carry no email, so an admin's ?email= is resolved to the user's uid. */
async function uidForEmail(email: string): Promise<string | null> {
  const users = await db.collection(collections.users).where('email', '==', email.toLowerCase()).limit(1).get();
  return users.docs[0]?.id ?? null;
}
