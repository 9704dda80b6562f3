// The menu's servings as residents and the kitchen read them: the meal's current fields over
// the ones stored at planning, in the menu's order, with each day's closed note. In lib because
// the menu's feeds (features/feeds, ADR 77) read the menu as features/menu does.
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { storedMealLabels, hostelDate, mealSlots, type MealSlot, type Serving } from '@hostelhub/contracts';
import { hostelTimeZone } from '../config.js';
import { readAll, typed, type ClosedDayDocument, type MealDocument, type ServingDocument } from './converters/index.js';
import { hallIdOf } from './halls.js';
import { isoTime } from './timestamps.js';
import { currentTime } from './clock.js';

export const mealRef = (id: string) => typed.meals().doc(id);
export const today = () => hostelDate(currentTime(), hostelTimeZone());

/** The menu's serving: the meal's current fields when it still exists, the stored ones otherwise. */
export function toServing(id: string, data: ServingDocument, current: MealDocument | undefined): Serving {
  return {
    _id: id,
    hallId: hallIdOf(data),
    date: data.date,
    slot: data.slot,
    startsAt: isoTime(data.startsAt) ?? '',
    endsAt: isoTime(data.endsAt) ?? '',
    cutoffAt: isoTime(data.cutoffAt) ?? '',
    capacity: typeof data.capacity === 'number' ? data.capacity : null,
    reserved: data.reserved ?? 0,
    version: data.version ?? 1,
    meal: {
      _id: data.mealId,
      title: current?.title ?? data.mealTitle ?? '',
      image: current?.image ?? data.mealImage ?? '',
      price: current?.price ?? data.mealPrice ?? 0,
      category: current?.category ?? data.mealCategory ?? '',
      rating: current?.rating ?? 0,
      // A deleted meal's labels are unknown: undeclared, never "free from".
      ...storedMealLabels(current ?? {}),
    },
  };
}

/** The meals of some servings in one round trip (one read per distinct meal, never per serving). */
export async function mealsOf(servings: ServingDocument[]): Promise<Map<string, MealDocument>> {
  const ids = [...new Set(servings.map((serving) => serving.mealId))];
  if (ids.length === 0) return new Map();
  const meals = await readAll(ids.map(mealRef));
  return new Map(meals.flatMap((meal) => (meal.exists ? [[meal.id, meal.data()!] as const] : [])));
}

const slotOrder = (slot: MealSlot) => mealSlots.indexOf(slot);
export const byServingOrder = (a: Serving, b: Serving) =>
  a.date.localeCompare(b.date) ||
  slotOrder(a.slot) - slotOrder(b.slot) ||
  a.startsAt.localeCompare(b.startsAt) ||
  a.meal.title.localeCompare(b.meal.title);

export const closedNote = (closed: DocumentSnapshot<ClosedDayDocument> | undefined) => {
  const data = closed?.data();
  return data ? { note: data.note ?? '' } : null;
};
