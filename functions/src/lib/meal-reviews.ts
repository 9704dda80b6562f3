import { typed } from './converters/index.js';

/**
 * One author's review of one meal, found by its `uid` field rather than its id: reviews
 * written before ids were keyed (or under an earlier secret) have other ids. The meal page
 * asks it to say whether the caller reviewed the meal; the review writes, to find an earlier
 * review. Equality on one field: its single-field index answers it.
 */
export function reviewOfAuthorOnMeal(mealId: string, uid: string) {
  return typed.reviews(typed.meals().doc(mealId)).where('uid', '==', uid).limit(1);
}
