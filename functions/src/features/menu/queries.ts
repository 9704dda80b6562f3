import { typed } from '../../lib/converters/index.js';

// The menu's reads are by date: `date` is the serving's calendar day `YYYY-MM-DD` in the
// hostel's time zone. A range of days, which the public menu and its feeds read too, is
// `servingsBetween` in lib/servings.ts.

const servings = () => typed.servings();

/** The servings of one day (GET /kitchen; the kitchen view listens to the same query). */
export function servingsOn(date: string) {
  return servings().where('date', '==', date);
}

/** The servings of one meal in one slot of one day: one per hall at most, so a handful. */
export function servingOfMealInSlot(mealId: string, date: string, slot: string) {
  return servings().where('mealId', '==', mealId).where('date', '==', date).where('slot', '==', slot);
}
