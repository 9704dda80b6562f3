// What both feeds of a hall's menu read (ADR 77): the hall's next two weeks, as the public menu
// reads them (lib/menu.ts), and the words they describe a meal's labels with.
import {
  allergenLabels,
  dietTagLabels,
  menuMaxDays,
  undeclaredAllergensMessage,
  type Hall,
  type Menu,
  type Serving,
} from '@hostelhub/contracts';
import { readMenuOfHall } from '../../lib/menu.js';

/**
 * How many days a feed holds, from today in the hostel's zone: the menu's longest view, so a
 * feed costs what one visitor's two weeks of the menu page cost.
 */
export const feedDays = menuMaxDays;

export type HallMenu = { hall: Hall; menu: Menu };

/** A hall's menu of the next `feedDays` days; 404 `hall: no such hall` for a hall GET /halls does not list. */
export async function readHallMenu(hallId: string): Promise<HallMenu> {
  const { menu, hall } = await readMenuOfHall({ hall: hallId, days: feedDays });
  // readMenuOfHall refuses a hall that does not exist: a named one that does is always read.
  if (!hall) throw new Error(`The hall ${hallId} was not read`);
  return { hall, menu };
}

/**
 * A meal's labels as separate notes: its diets, then each allergen it holds ("Contains milk"),
 * "Contains none of the 14 allergens" when declared free of all, and the undeclared warning
 * when nobody declared them (never shown as free of anything, ADR 32).
 */
export function labelNotes(meal: Serving['meal']): string[] {
  const diets = meal.dietTags.map((tag) => dietTagLabels[tag]);
  if (meal.allergens === null) return [...diets, undeclaredAllergensMessage];
  if (meal.allergens.length === 0) return [...diets, 'Contains none of the 14 allergens'];
  return [...diets, ...meal.allergens.map((key) => `Contains ${allergenLabels[key]}`)];
}

/** A meal's title, or what to call it when its meal was deleted before its title was stored. */
export const mealName = (meal: Serving['meal']) => meal.title.trim() || 'A meal';
