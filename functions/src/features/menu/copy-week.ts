// POST /menu/copy-week: a week of servings planned again a number of weeks on, each at its
// hall or at another hall's, with its wall-clock window, cutoff and capacity (planning.ts
// plans one serving).
import { FieldValue } from 'firebase-admin/firestore';
import { addDays, daysBetween, mondayOf, type CopyWeekBody, type Hall, type WeekCopied } from '@hostelhub/contracts';
import { readAll, typed, type ServingDocument } from '../../lib/converters/index.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { hallIdOf, readHalls } from '../../lib/halls.js';
import { closedDayRef, servingsBetween } from '../../lib/servings.js';
import { mealFieldsOf, servingTimes, shiftedCutoff } from './planning.js';
import { mealRef } from '../../lib/serving-view.js';

/** The hall named in the body, or 404 naming the field. */
function namedHall(halls: Hall[], id: string | undefined, field: string): Hall | undefined {
  if (id === undefined) return undefined;
  const hall = halls.find((each) => each._id === id);
  if (!hall) throw notFound(`${field}: no such hall`);
  return hall;
}

/**
 * POST /menu/copy-week: the servings of the week of `fromWeek` (of `fromHall` only, when
 * named) planned in the week of `toWeek` (at `toHall`, when named: a week copied from another
 * hall, which may be the same week), with the same wall-clock windows and cutoffs and
 * capacities, fresh counts. A serving whose meal is already in that slot that day at that
 * hall, or that falls on a closed day or a meal time its hall does not serve, or whose meal
 * is gone, is skipped. One transaction: a failure copies nothing.
 */
export async function copyWeek({ fromWeek, toWeek, fromHall, toHall }: CopyWeekBody): Promise<WeekCopied> {
  const source = mondayOf(fromWeek);
  const target = mondayOf(toWeek);
  if (source === target && (toHall ?? fromHall) === fromHall) {
    throw badRequest('toWeek: must be another week than fromWeek, or toHall another hall');
  }
  const shift = daysBetween(source, target);
  const targetDates = Array.from({ length: 7 }, (_, index) => addDays(target, index));
  return db.runTransaction(async (transaction) => {
    const [sourceServings, targetServings, closedDays, halls] = await Promise.all([
      transaction.get(servingsBetween(source, addDays(source, 6))),
      transaction.get(servingsBetween(target, addDays(target, 6))),
      readAll(targetDates.map(closedDayRef), transaction),
      readHalls(transaction),
    ]);
    namedHall(halls, fromHall, 'fromHall');
    const destination = namedHall(halls, toHall, 'toHall');
    const hallById = new Map(halls.map((hall) => [hall._id, hall]));
    // A hall that does not serve the meal time, or is closed that day, takes no copy there.
    const hallTakes = (hallId: string, slot: ServingDocument['slot'], date: string) => {
      const hall = hallById.get(hallId);
      return !hall || (hall.slots.includes(slot) && !hall.closedDays.includes(date));
    };
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
      const stored = serving.data();
      if (fromHall !== undefined && hallIdOf(stored) !== fromHall) continue;
      const data = { ...stored, hallId: destination?._id ?? hallIdOf(stored) };
      const date = addDays(data.date, shift);
      const key = keyOf(data, date);
      const meal = mealById.get(data.mealId);
      if (closed.has(date) || taken.has(key) || !meal || !hallTakes(data.hallId, data.slot, date)) {
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
