// The kitchen's day (GET /kitchen) and its production sheet as CSV.
import { csvLine, mealSlotLabels, portionsToPrepare, type KitchenDay, type KitchenServing } from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { hallView } from '../../lib/halls.js';
import { closedDayRef, hostelWallClock } from '../../lib/servings.js';
import { servingsOn } from './queries.js';
import { byServingOrder, closedNote, mealsOf, today, toServing } from './serving-view.js';

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
  const meals = await mealsOf(stored.map(({ data }) => data));
  const rows = stored
    .map(({ id, data }) => ({ data, serving: toServing(id, data, meals.get(data.mealId)) }))
    .sort((a, b) => byServingOrder(a.serving, b.serving));
  return {
    date: day,
    timeZone: hostelTimeZone(),
    closed: hall.closed(day, closedNote(closed)),
    servings: rows.map(({ data, serving }): KitchenServing => {
      const { _id, hallId, slot, startsAt, endsAt, cutoffAt, meal, reserved, capacity } = serving;
      return {
        _id,
        hallId,
        slot,
        startsAt,
        endsAt,
        cutoffAt,
        meal: { _id: meal._id, title: meal.title },
        reserved,
        served: data.served ?? 0,
        capacity,
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
    serving.served,
    marginPercent,
    portionsToPrepare(serving.reserved, marginPercent),
  ]);
  // The contracts' one CSV writer: every cell quoted, formulas neutralised.
  return [header, ...rows].map(csvLine).join('');
}
