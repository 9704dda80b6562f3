import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import type { MyReview, Page, ReviewFields } from '@hostelhub/contracts';
import { signingKey, type TokenClaims } from '../../lib/api-token.js';
import { conflict, notFound } from '../../lib/errors.js';
import { readAll, readEach, typed, type MealDocument, type ReviewDocument } from '../../lib/converters/index.js';
import { readPage } from '../../lib/paging.js';
import { reviewOfAuthorOnMeal } from '../../lib/meal-reviews.js';
import { loadProfile, uidForEmail } from '../../lib/profiles.js';
import { isoTime } from '../../lib/timestamps.js';
import { runContendedTransaction } from '../../lib/transactions.js';
import { reviewsByAuthor } from './queries.js';
import { adjustAggregate } from './rating.js';
import { reviewIdFor } from './review-id.js';

export type ReviewAuthor = { uid: string; userName: string; img: string | null };

const mealRef = (mealId: string) => typed.meals().doc(mealId);
const reviewRef = (mealId: string, uid: string) =>
  typed.reviews(mealRef(mealId)).doc(reviewIdFor(mealId, uid, signingKey()));

// Every review of a meal rewrites the meal's aggregate, so reviews of one popular meal queue
// on that document: one after another on this instance, retried against others (ADR 0047).
const aggregateTransaction = (mealId: string) => ({ key: mealRef(mealId).path });

/**
 * The meal and the author's review of it, read in `transaction`. The review is looked up by
 * its keyed id first; a review stored under another id (an unkeyed hash from before keyed
 * ids, or a key since rotated) is found by its author's uid, so it stays theirs to edit and
 * delete and still counts as their one review of the meal.
 */
async function mealAndOwnReview(transaction: Transaction, mealId: string, uid: string) {
  const [meal, keyed] = await readEach(transaction, mealRef(mealId), reviewRef(mealId, uid));
  if (keyed.exists) return { meal, review: keyed };
  const earlier = await transaction.get(reviewOfAuthorOnMeal(mealId, uid));
  return { meal, review: earlier.docs[0] };
}

/** Posts the caller's review under the name and picture of their stored profile. */
export async function addReviewAsCaller(mealId: string, uid: string, review: ReviewFields) {
  const profile = await loadProfile(uid);
  const author = { uid, userName: profile?.name || 'HostelHub resident', img: profile?.photoURL ?? null };
  return addReview(mealId, author, { comment: review.comment, rating: review.rating });
}

/**
 * Posts the caller's one review of a meal. The review and the meal's rating aggregate are
 * written together, so concurrent reviews never lose a count or skew the average.
 */
async function addReview(mealId: string, author: ReviewAuthor, review: ReviewFields): Promise<{ insertedId: string }> {
  return runContendedTransaction(async (transaction) => {
    const { meal, review: existing } = await mealAndOwnReview(transaction, mealId, author.uid);
    const mealData = meal.data();
    if (!mealData) throw notFound('Meal not found');
    if (existing?.exists) throw conflict('You already reviewed this meal');
    transaction.create(reviewRef(mealId, author.uid), {
      uid: author.uid,
      mealId,
      mealTitle: mealData.title ?? '',
      userName: author.userName,
      img: author.img,
      comment: review.comment,
      rating: review.rating,
      timeStamp: FieldValue.serverTimestamp(),
    });
    transaction.update(meal.ref, adjustAggregate(mealData, 1, review.rating));
    return { insertedId: reviewRef(mealId, author.uid).id };
  }, aggregateTransaction(mealId));
}

/** Edits the caller's review; a new rating moves the aggregate by the difference. */
export async function editReview(mealId: string, uid: string, changes: { comment?: string; rating?: number }) {
  await runContendedTransaction(async (transaction) => {
    const { meal, review } = await mealAndOwnReview(transaction, mealId, uid);
    const mealData = meal.data();
    const reviewData = review?.data();
    if (!mealData || !review || !reviewData) throw notFound('You have no review of this meal');
    const previousRating = reviewData.rating;
    transaction.update(review.ref, { ...changes, updatedAt: FieldValue.serverTimestamp() });
    if (changes.rating !== undefined && changes.rating !== previousRating) {
      transaction.update(meal.ref, adjustAggregate(mealData, 0, changes.rating - previousRating));
    }
  }, aggregateTransaction(mealId));
}

/** Deletes the caller's review and takes it out of the aggregate. */
export async function deleteReview(mealId: string, uid: string) {
  await runContendedTransaction(async (transaction) => {
    const { meal, review } = await mealAndOwnReview(transaction, mealId, uid);
    const mealData = meal.data();
    const reviewData = review?.data();
    if (!mealData || !review || !reviewData) throw notFound('You have no review of this meal');
    transaction.delete(review.ref);
    transaction.update(meal.ref, adjustAggregate(mealData, -1, -reviewData.rating));
  }, aggregateTransaction(mealId));
}

/**
 * One page of the reviews of the user `email` names (already checked to be in the caller's
 * scope), each with its meal's current title and like count.
 */
export async function reviewsOfUser(
  user: TokenClaims,
  email: string,
  limit: number,
  cursor: string | undefined,
): Promise<Page<MyReview>> {
  const authorUid = await uidForEmail(user, email);
  if (!authorUid) return { items: [], nextCursor: null };
  const { docs, nextCursor } = await readPage(reviewsByAuthor(authorUid), limit, cursor);
  const reviews = docs.map((doc) => ({ id: doc.id, data: doc.data() }));
  const mealIds = [...new Set(reviews.map(({ data }) => data.mealId))];
  const meals =
    mealIds.length === 0
      ? new Map<string, MealDocument>()
      : new Map(
          (await readAll(mealIds.map(mealRef))).flatMap((meal) =>
            meal.exists ? [[meal.id, meal.data()!] as const] : [],
          ),
        );
  return { items: reviews.map(({ id, data }) => toMyReviewRow(id, data, meals.get(data.mealId))), nextCursor };
}

function toMyReviewRow(id: string, data: ReviewDocument, meal: MealDocument | undefined): MyReview {
  const mealId = data.mealId;
  return {
    _id: id,
    mealId,
    mealTitle: meal?.title ?? data.mealTitle ?? '',
    like: meal?.likesCount ?? 0,
    comment: data.comment ?? '',
    rating: data.rating ?? 0,
    timeStamp: isoTime(data.timeStamp),
  };
}
