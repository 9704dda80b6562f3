// POST /menu/copy-week: a week of servings planned again a number of weeks on, each at its
// hall with its wall-clock window, cutoff and capacity (planning.ts plans one serving).
import { FieldValue } from 'firebase-admin/firestore';
import { addDays, daysBetween, mondayOf, type WeekCopied } from '@hostelhub/contracts';
import { readAll, typed, type ServingDocument } from '../../lib/converters/index.js';
import { badRequest } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { hallIdOf } from '../../lib/halls.js';
import { closedDayRef } from '../../lib/servings.js';
import { mealFieldsOf, servingTimes, shiftedCutoff } from './planning.js';
import { servingsBetween } from './queries.js';
import { mealRef } from './serving-view.js';

/**
 * POST /menu/copy-week: the servings of the week of `fromWeek` planned in the week of
 * `toWeek`, with the same wall-clock windows and cutoffs and capacities, fresh counts. A
 * serving whose meal is already in that slot that day, or that falls on a closed day, or
 * whose meal is gone, is skipped. One transaction: a failure copies nothing.
 */
export async function copyWeek(fromWeek: string, toWeek: string): Promise<WeekCopied> {
  const source = mondayOf(fromWeek);
  const target = mondayOf(toWeek);
  if (source === target) throw badRequest('toWeek: must be another week than fromWeek');
  const shift = daysBetween(source, target);
  const targetDates = Array.from({ length: 7 }, (_, index) => addDays(target, index));
  return db.runTransaction(async (transaction) => {
    const [sourceServings, targetServings, closedDays] = await Promise.all([
      transaction.get(servingsBetween(source, addDays(source, 6))),
      transaction.get(servingsBetween(target, addDays(target, 6))),
      readAll(targetDates.map(closedDayRef), transaction),
    ]);
    const meals = sourceServings.empty
      ? []
      : await readAll([...new Set(sourceServings.docs.map((doc) => doc.data().mealId))].map(mealRef), transaction);
    const mealById = new Map(meals.flatMap((meal) => (meal.exists ? [[meal.id, meal.data()!] as const] : [])));
    const closed = new Set(targetDates.filter((_, index) => closedDays[index]?.exists));
    const keyOf = (serving: ServingDocument, date: string) =>
      `${serving.mealId}|${date}|${serving.slot}|${hallIdOf(serving)}`;
    const taken = new Set(targetServings.docs.map((doc) => doc.data()).map((serving) => keyOf(serving, serving.date)));
    let inserted = 0;
    let skipped = 0;
    for (const serving of sourceServings.docs) {
      const data = serving.data();
      const date = addDays(data.date, shift);
      const key = keyOf(data, date);
      const meal = mealById.get(data.mealId);
      if (closed.has(date) || taken.has(key) || !meal) {
        skipped++;
        continue;
      }
      taken.add(key);
      const times = servingTimes(date, data.slot, {
        startTime: data.startTime,
        endTime: data.endTime,
        cutoff: shiftedCutoff(data.cutoffAt, shift),
      });
      transaction.create(typed.servings().doc(), {
        mealId: data.mealId,
        hallId: hallIdOf(data),
        ...mealFieldsOf(meal),
        date,
        slot: data.slot,
        ...times,
        capacity: typeof data.capacity === 'number' ? data.capacity : null,
        reserved: 0,
        served: 0,
        version: 1,
        createdAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });
      inserted++;
    }
    return { inserted, skipped };
  });
}
