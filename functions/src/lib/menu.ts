// The menu as the public reads it: GET /menu (features/menu) and the same days of one hall as
// feeds for calendars and OpenMensa (features/feeds, ADR 77), so both show one hall's week alike.
import { addDays, type Hall, type Menu, type MenuQuery } from '@hostelhub/contracts';
import { hostelTimeZone } from '../config.js';
import { readAll } from './converters/index.js';
import { hallView } from './halls.js';
import { byServingOrder, closedNote, mealsOf, today, toServing } from './serving-view.js';
import { closedDayRef, servingsBetween } from './servings.js';

/**
 * The servings of `days` days from `from` (today in the hostel's zone), of one hall when
 * `hall` names one (404 `hall: no such hall` otherwise), with that hall as read. Three round
 * trips whatever the number of servings: the servings by date range, the days' closed notes
 * with the halls, and the distinct meals.
 */
export async function readMenuOfHall(query: MenuQuery): Promise<{ menu: Menu; hall: Hall | undefined }> {
  const from = query.from ?? today();
  const dates = Array.from({ length: query.days }, (_, index) => addDays(from, index));
  const [servings, closedDays, view] = await Promise.all([
    servingsBetween(from, dates[dates.length - 1]!).get(),
    readAll(dates.map(closedDayRef)),
    hallView(query.hall),
  ]);
  const stored = servings.docs
    .map((doc) => ({ id: doc.id, data: doc.data() }))
    .filter(({ data }) => view.includes(data));
  const meals = await mealsOf(stored.map(({ data }) => data));
  const all = stored.map(({ id, data }) => toServing(id, data, meals.get(data.mealId))).sort(byServingOrder);
  const menu = {
    timeZone: hostelTimeZone(),
    days: dates.map((date, index) => ({
      date,
      closed: view.closed(date, closedNote(closedDays[index])),
      servings: all.filter((serving) => serving.date === date),
    })),
  };
  return { menu, hall: view.hall };
}

/** GET /menu: the servings of `days` days from `from`, of one hall or every hall's. */
export const readMenu = async (query: MenuQuery): Promise<Menu> => (await readMenuOfHall(query)).menu;
