// The satisfaction section of GET /insights (ADR 0052): the members' ratings of servings and
// meals and their complaints over the range, from the rollups, with the lowest-rated meals'
// latest comments read from the ratings themselves.
import {
  addDays,
  complaintCategories,
  firstAnswerBuckets,
  mealSlots,
  shiftMonth,
  type Satisfaction,
} from '@hostelhub/contracts';
import { readAll, typed } from '../../lib/converters/index.js';
import { ratingsOfMealBetween } from './queries.js';
import { numberAt, type Fields } from './rollup-fields.js';

/** How many rated meals the satisfaction lists, how many are "lowest rated", and their comments each. */
const ratedMealsListed = 50;
const lowestRatedSize = 5;
const commentsPerMeal = 3;
/** How many of a meal's latest ratings are read to find its comments. */
const ratingsScannedPerMeal = 20;

const average = (stars: number, count: number) => (count === 0 ? 0 : Math.round((stars / count) * 100) / 100);

/**
 * Satisfaction over the range: ratings per slot (day rollups) and per meal (month rollups),
 * the lowest-rated meals with their latest comments, and the complaints raised in the range
 * by category and by how soon they were first answered (month rollups).
 */
export async function satisfactionOf(
  from: string,
  to: string,
  months: string[],
  monthDocuments: Map<string, Fields>,
  dayDocuments: Map<string, Fields>,
): Promise<Satisfaction> {
  const bySlot = mealSlots.map((slot) => {
    let stars = 0;
    let count = 0;
    for (const document of dayDocuments.values()) {
      stars += numberAt(document, 'ratings', slot, 'stars');
      count += numberAt(document, 'ratings', slot, 'count');
    }
    return { slot, average: average(stars, count), count };
  });
  const mealTotals = new Map<string, { stars: number; count: number }>();
  const complaintTotals = { answered: 0, minutes: 0 };
  const byCategory = new Map<string, number>();
  const byBucket = new Map<string, number>();
  for (const month of months) {
    const document = monthDocuments.get(month);
    const perMeal = document?.mealRatings;
    if (perMeal && typeof perMeal === 'object') {
      for (const mealId of Object.keys(perMeal as Fields)) {
        const total = mealTotals.get(mealId) ?? { stars: 0, count: 0 };
        total.stars += numberAt(document, 'mealRatings', mealId, 'stars');
        total.count += numberAt(document, 'mealRatings', mealId, 'count');
        mealTotals.set(mealId, total);
      }
    }
    for (const category of complaintCategories) {
      byCategory.set(
        category,
        (byCategory.get(category) ?? 0) + numberAt(document, 'complaints', 'byCategory', category),
      );
    }
    for (const bucket of firstAnswerBuckets) {
      byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + numberAt(document, 'complaints', 'firstAnswer', bucket));
    }
    complaintTotals.answered += numberAt(document, 'complaints', 'answered');
    complaintTotals.minutes += numberAt(document, 'complaints', 'answerMinutes');
  }
  const rated = [...mealTotals]
    .filter(([, total]) => total.count > 0)
    .map(([mealId, total]) => ({ mealId, average: average(total.stars, total.count), count: total.count }));
  const listed = [...rated]
    .sort((a, b) => b.count - a.count || a.mealId.localeCompare(b.mealId))
    .slice(0, ratedMealsListed);
  const lowest = [...rated]
    .sort((a, b) => a.average - b.average || b.count - a.count || a.mealId.localeCompare(b.mealId))
    .slice(0, lowestRatedSize);
  const titled = [...new Set([...listed, ...lowest].map((meal) => meal.mealId))];
  const titles = new Map(
    titled.length > 0
      ? (await readAll(titled.map((id) => typed.meals().doc(id)))).map((meal) => {
          const stored = meal.data();
          return [meal.id, stored ? (stored.title ?? '') : 'A removed meal'] as const;
        })
      : [],
  );
  const firstDay = `${from}-01`;
  const lastDay = addDays(`${shiftMonth(to, 1)}-01`, -1);
  const lowestRated = await Promise.all(
    lowest.map(async (meal) => {
      const ratings = await ratingsOfMealBetween(meal.mealId, firstDay, lastDay).limit(ratingsScannedPerMeal).get();
      const comments = ratings.docs
        .map((rating) => rating.data().comment)
        .filter((comment): comment is string => typeof comment === 'string' && comment.length > 0)
        .slice(0, commentsPerMeal);
      return { ...meal, title: titles.get(meal.mealId) ?? '', comments };
    }),
  );
  const raised = [...byCategory.values()].reduce((sum, count) => sum + count, 0);
  return {
    bySlot,
    byMeal: listed.map((meal) => ({ ...meal, title: titles.get(meal.mealId) ?? '' })),
    lowestRated,
    complaintsByCategory: complaintCategories.map((category) => ({ category, count: byCategory.get(category) ?? 0 })),
    firstAnswer: [
      ...firstAnswerBuckets.map((bucket) => ({ bucket, count: byBucket.get(bucket) ?? 0 })),
      { bucket: 'unanswered' as const, count: Math.max(0, raised - complaintTotals.answered) },
    ],
    averageMinutesToFirstAnswer:
      complaintTotals.answered === 0 ? null : Math.round(complaintTotals.minutes / complaintTotals.answered),
  };
}
