// The insights' satisfaction counters (ADR 0036): ratings of servings and complaints, counted in
// the rollups (lib/rollups.ts) in the transactions that rate, raise and answer
// (docs/api.md "Ratings and complaints"), and recounted the same way by the rebuild.
import { firstAnswerBucketOf, mealSlots, type MealSlot } from '@hostelhub/contracts';
import { typed } from './converters/index.js';
import { hostelDayOf, inRange, instantOf, storedHallOf, type RollupChanges } from './rollups.js';

/** What the rollups need to know about a rating: its serving's date, slot, meal and hall. */
export type RatingFacts = { date: string; slot: MealSlot; mealId: string; hallId: string };

/**
 * A rating given (`from` null) or changed: its stars count on the serving's day per slot and
 * in that month per meal, so an average is stars / count over any range.
 */
export function countRating(changes: RollupChanges, rating: RatingFacts, from: number | null, to: number) {
  const month = rating.date.slice(0, 7);
  const { hallId } = rating;
  if (from === null) {
    changes.add(rating.date, ['ratings', rating.slot, 'count'], 1, hallId);
    changes.add(month, ['mealRatings', rating.mealId, 'count'], 1, hallId);
  }
  changes.add(rating.date, ['ratings', rating.slot, 'stars'], to - (from ?? 0), hallId);
  changes.add(month, ['mealRatings', rating.mealId, 'stars'], to - (from ?? 0), hallId);
}

/** The facts of a stored rating (`servingRatings/{servingId}_{uid}`). */
export function ratingFactsOf(data: Record<string, unknown>): RatingFacts {
  const slot = data.slot;
  return {
    date: String(data.date ?? ''),
    slot: (mealSlots as readonly unknown[]).includes(slot) ? (slot as MealSlot) : 'lunch',
    mealId: String(data.mealId ?? ''),
    hallId: storedHallOf(data.hallId),
  };
}

/** What the rollups need to know about a complaint: when it was raised and what about. */
export type ComplaintFacts = { createdAt: Date; category: string };

/** A complaint raised: one more of its category in the month it was raised. */
export function countNewComplaint(changes: RollupChanges, complaint: ComplaintFacts) {
  changes.add(hostelDayOf(complaint.createdAt).slice(0, 7), ['complaints', 'byCategory', complaint.category], 1);
}

/**
 * A complaint's first answer (staff or an admin replied or changed its status), counted in
 * the month the complaint was raised: how many were answered, the minutes they waited and
 * the bucket of that wait.
 */
export function countFirstAnswer(changes: RollupChanges, complaint: ComplaintFacts, answeredAt: Date) {
  const month = hostelDayOf(complaint.createdAt).slice(0, 7);
  const minutes = Math.max(0, Math.round((answeredAt.getTime() - complaint.createdAt.getTime()) / 60_000));
  changes.add(month, ['complaints', 'answered'], 1);
  changes.add(month, ['complaints', 'answerMinutes'], minutes);
  changes.add(month, ['complaints', 'firstAnswer', firstAnswerBucketOf(minutes)], 1);
}

/** The facts of a stored complaint (`complaints/{id}`). */
export const complaintFactsOf = (data: Record<string, unknown>): ComplaintFacts => ({
  createdAt: instantOf(data.createdAt),
  category: String(data.category ?? 'other'),
});

/** Ratings of servings on the days `from` to `to` (`YYYY-MM-DD`). */
export const ratingsForDays = (from: string, to: string) => inRange(typed.servingRatings(), 'date', from, to);

/** Complaints raised in [start, end). */
export const complaintsRaisedBetween = (start: Date, end: Date) => inRange(typed.complaints(), 'createdAt', start, end);
