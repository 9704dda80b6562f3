// A meal's next servings (GET /meal/{id}/servings). The public menu itself (GET /menu) is read
// by lib/menu.ts, which the menu's feeds share.
import { addDays, type MealServings } from '@hostelhub/contracts';
import { converters } from '../../lib/converters/index.js';
import { notFound } from '../../lib/errors.js';
import { servingsOfMealFrom } from '../../lib/servings.js';
import { byServingOrder, mealRef, today, toServing } from '../../lib/serving-view.js';

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
