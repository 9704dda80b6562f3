import { addDays, hostelDate, mealFeedbackWeeks, type MealFeedback, type MealFeedbackList } from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { servingsOfDays } from './queries.js';
import { currentTime } from '../../lib/clock.js';

/** The most servings the planner's figures read: four weeks of three slots, with room for more. */
const servingsScan = 400;

/**
 * GET /meal-feedback: each meal's rating and reservation rate over its servings of the last
 * four weeks, from the servings' own sums (a rating adds to its serving in its transaction).
 */
export async function mealFeedback(now: Date = currentTime()): Promise<MealFeedbackList> {
  const to = hostelDate(now, hostelTimeZone());
  const from = addDays(to, -7 * mealFeedbackWeeks);
  const servings = await servingsOfDays(from, to).limit(servingsScan).get();
  const byMeal = new Map<string, MealFeedback & { stars: number; offered: number; reservedOfOffered: number }>();
  for (const serving of servings.docs.map((doc) => doc.data())) {
    const mealId = serving.mealId;
    if (!mealId) continue;
    const entry = byMeal.get(mealId) ?? {
      mealId,
      average: null,
      ratings: 0,
      servings: 0,
      reserved: 0,
      reservationRate: null,
      stars: 0,
      offered: 0,
      reservedOfOffered: 0,
    };
    const reserved = serving.reserved ?? 0;
    const { capacity } = serving;
    entry.servings += 1;
    entry.reserved += reserved;
    entry.ratings += serving.ratingCount ?? 0;
    entry.stars += serving.ratingStars ?? 0;
    if (typeof capacity === 'number' && capacity > 0) {
      entry.offered += capacity;
      entry.reservedOfOffered += reserved;
    }
    byMeal.set(mealId, entry);
  }
  const meals = [...byMeal.values()].map(({ stars, offered, reservedOfOffered, ...entry }) => ({
    ...entry,
    average: entry.ratings > 0 ? Math.round((stars / entry.ratings) * 100) / 100 : null,
    reservationRate: offered > 0 ? Math.round((reservedOfOffered / offered) * 1000) / 1000 : null,
  }));
  return { from, to, meals };
}
