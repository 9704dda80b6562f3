// The kitchen's day (GET /kitchen) and its production sheet as CSV.
import {
  countedOf,
  csvLine,
  mealSlotLabels,
  portionsToPrepare,
  type KitchenDay,
  type KitchenServing,
} from '@hostelhub/contracts';
import { defaultCounts } from '../../lib/default-booking.js';
import { readMealSettings } from '../../lib/meal-settings.js';
import { hostelTimeZone } from '../../config.js';
import { hallView } from '../../lib/halls.js';
import { closedDayRef, hostelWallClock } from '../../lib/servings.js';
import { servingsOn } from './queries.js';
import { byServingOrder, closedNote, mealsOf, today, toServing } from '../../lib/serving-view.js';

/** GET /kitchen: a day's servings as the kitchen counts them. */
export async function kitchenDay(
  date: string | undefined,
  hallId?: string,
  worksAt: string[] = [],
): Promise<KitchenDay> {
  const day = date ?? today();
  const [servings, closed, hall] = await Promise.all([
    servingsOn(day).get(),
    closedDayRef(day).get(),
    hallView(hallId, worksAt),
  ]);
  const stored = servings.docs
    .map((doc) => ({ id: doc.id, data: doc.data() }))
    .filter(({ data }) => hall.includes(data));
  const [meals, settings] = await Promise.all([mealsOf(stored.map(({ data }) => data)), readMealSettings()]);
  // Booked by default (ADR 74): each serving counts its hall's members, less leave and skips.
  const defaults = settings.booking === 'default' ? await defaultCounts(day, stored) : null;
  const rows = stored
    .map(({ id, data }) => ({ data, serving: toServing(id, data, meals.get(data.mealId)) }))
    .sort((a, b) => byServingOrder(a.serving, b.serving));
  return {
    date: day,
    timeZone: hostelTimeZone(),
    closed: hall.closed(day, closedNote(closed)),
    servings: rows.map(({ data, serving }): KitchenServing => {
      const { _id, hallId, slot, startsAt, endsAt, cutoffAt, meal, reserved, capacity } = serving;
      const byDefault = defaults?.get(_id);
      const counts = {
        reserved,
        members: byDefault?.members ?? null,
        onLeave: byDefault?.onLeave ?? 0,
        skipped: byDefault?.skipped ?? 0,
      };
      return {
        _id,
        hallId,
        slot,
        startsAt,
        endsAt,
        cutoffAt,
        meal: { _id: meal._id, title: meal.title },
        served: data.served ?? 0,
        capacity,
        ...counts,
        counted: countedOf(counts),
      };
    }),
  };
}

/** The production sheet of a day as CSV: per serving, the portions to prepare. */
export function productionSheetCsv(day: KitchenDay, marginPercent: number): string {
  const header = [
    'Date',
    'Slot',
    'Window',
    'Meal',
    'Capacity',
    'Reserved',
    'Counted',
    'Served',
    'Margin %',
    'Portions to prepare',
  ];
  const rows = day.servings.map((serving) => [
    day.date,
    mealSlotLabels[serving.slot],
    `${hostelWallClock(new Date(serving.startsAt)).time}-${hostelWallClock(new Date(serving.endsAt)).time}`,
    serving.meal.title,
    serving.capacity ?? '',
    serving.reserved,
    serving.counted,
    serving.served,
    marginPercent,
    portionsToPrepare(serving.counted, marginPercent),
  ]);
  // The contracts' one CSV writer: every cell quoted, formulas neutralised.
  return [header, ...rows].map(csvLine).join('');
}
