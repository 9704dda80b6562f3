import { FieldValue } from 'firebase-admin/firestore';
import { alreadyLikedMessage, isMember, premiumOnlyMessage, type LikeResponse } from '@hostelhub/contracts';
import { ApiError, notFound } from '../../lib/errors.js';
import { typed } from '../../lib/converters/index.js';
import { collections } from '../../lib/firestore.js';
import { loadProfile } from '../../lib/profiles.js';
import { runContendedTransaction } from '../../lib/transactions.js';
import { currentTime } from '../../lib/clock.js';

type LikeableCollection = typeof collections.meals | typeof collections.upcomingMeals;

// gRPC status of an update of a document that does not exist: the meal id is unknown.
const grpcNotFound = 5;

/**
 * Likes a meal once per user. The like document is keyed by uid and created in the same
 * transaction that increments the counter, so however many requests race, the count stays
 * equal to the number of like documents. The transaction reads only the caller's own like
 * document: the counter is incremented blindly, so many users liking one popular meal at
 * the same moment do not queue behind each other's read of the meal.
 */
async function addLike(collection: LikeableCollection, mealId: string, uid: string): Promise<LikeResponse> {
  const mealRef = typed[collection]().doc(mealId);
  const likeRef = typed.likes(mealRef).doc(uid);
  let created: boolean;
  try {
    created = await runContendedTransaction(
      async (transaction) => {
        if ((await transaction.get(likeRef)).exists) return false;
        transaction.create(likeRef, { uid, createdAt: FieldValue.serverTimestamp() });
        transaction.update(mealRef, { likesCount: FieldValue.increment(1) });
        return true;
      },
      // One person's likes of a meal sent at once (a double tap) queue on their like document;
      // different people's likes only add to the count blindly, so they need not queue.
      { key: likeRef.path },
    );
  } catch (error) {
    if ((error as { code?: unknown }).code === grpcNotFound) throw notFound('Meal not found');
    throw error;
  }

  // The count as it stands now, other users' likes included.
  const meal = (await mealRef.get()).data();
  if (!meal) throw notFound('Meal not found');
  const likes = meal.likesCount ?? 0;
  if (!created) return { modifiedCount: 0, likes, message: alreadyLikedMessage };
  return { modifiedCount: 1, likes };
}

export function likeMeal(mealId: string, uid: string): Promise<LikeResponse> {
  return addLike(collections.meals, mealId, uid);
}

/** Liking upcoming meals is a members' poll: 402 for anyone without a membership now. */
export async function likeUpcomingMeal(mealId: string, uid: string): Promise<LikeResponse> {
  if (!isMember(await loadProfile(uid), currentTime())) throw new ApiError(402, premiumOnlyMessage);
  return addLike(collections.upcomingMeals, mealId, uid);
}
