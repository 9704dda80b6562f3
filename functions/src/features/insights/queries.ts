import { FieldPath } from 'firebase-admin/firestore';
import { membershipStatuses } from '@hostelhub/contracts';
import { typed } from '../../lib/converters/index.js';

// The insights' own reads (ADR 0036); the rollups' range reads are in lib/rollups.ts. Each is
// served by single-field indexes.

/**
 * Meals ordered by a counter. By rating, only meals with a review (a rating is 1 to 5 once
 * reviewed, 0 before).
 */
export function mealsByCounter(counter: 'likesCount' | 'rating', direction: 'asc' | 'desc') {
  const meals = typed.meals();
  return (counter === 'rating' ? meals.where('rating', '>', 0) : meals).orderBy(counter, direction);
}

/** Everyone who holds or held a paid membership, by uid: GET /exports/members.csv pages it. */
export const usersWithMembership = () =>
  typed
    .users()
    .where('membership.status', 'in', [...membershipStatuses])
    .orderBy(FieldPath.documentId());

/** A meal's ratings of servings on the days `from` to `to`, latest first: the lowest-rated meals' comments. */
export const ratingsOfMealBetween = (mealId: string, from: string, to: string) =>
  typed
    .servingRatings()
    .where('mealId', '==', mealId)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .orderBy('date', 'desc');
