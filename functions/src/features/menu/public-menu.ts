// The public menu (GET /menu) and a meal's next servings (GET /meal/{id}/servings).
import { addDays, type MealServings, type Menu, type MenuQuery } from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { converters, readAll } from '../../lib/converters/index.js';
import { notFound } from '../../lib/errors.js';
import { hallView } from '../../lib/halls.js';
import { closedDayRef, servingsOfMealFrom } from '../../lib/servings.js';
import { servingsBetween } from './queries.js';
import { byServingOrder, closedNote, mealRef, mealsOf, today, toServing } from './serving-view.js';

/**
 * GET /menu: the servings of `days` days from `from` (today in the hostel's zone), in three
 * round trips whatever the number of servings: the servings by date range, the days' closed
 * notes, and the distinct meals.
 */
export async function readMenu(query: MenuQuery): Promise<Menu> {
  const from = query.from ?? today();
  const dates = Array.from({ length: query.days }, (_, index) => addDays(from, index));
  const [servings, closedDays, hall] = await Promise.all([
    servingsBetween(from, dates[dates.length - 1]!).get(),
    readAll(dates.map(closedDayRef)),
    hallView(query.hall),
  ]);
  const stored = servings.docs
    .map((doc) => ({ id: doc.id, data: doc.data() }))
    .filter(({ data }) => hall.includes(data));
  const meals = await mealsOf(stored.map(({ data }) => data));
  const all = stored.map(({ id, data }) => toServing(id, data, meals.get(data.mealId))).sort(byServingOrder);
  return {
    timeZone: hostelTimeZone(),
    days: dates.map((date, index) => ({
      date,
      closed: hall.closed(date, closedNote(closedDays[index])),
      servings: all.filter((serving) => serving.date === date),
    })),
  };
}

/** How many days ahead a meal's next servings are listed (the menu's longest view). */
const nextServingsDays = 14;

/** GET /meal/{id}/servings: the meal's servings from today for two weeks. */
export async function mealServings(mealId: string): Promise<MealServings> {
  const from = today();
  const [meal, servings] = await Promise.all([
    mealRef(mealId).get(),
    servingsOfMealFrom(mealId, from)
      .withConverter(converters.servings)
      .where('date', '<=', addDays(from, nextServingsDays - 1))
      .get(),
  ]);
  const current = meal.data();
  if (!current) throw notFound('Meal not found');
  return { items: servings.docs.map((doc) => toServing(doc.id, doc.data(), current)).sort(byServingOrder) };
}
