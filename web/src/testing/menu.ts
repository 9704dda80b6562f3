// Servings and menus as GET /menu answers them, dated around the real today in the hostel's
// zone, so "Today" and the cutoffs mean what they say whenever the tests run.
import { HttpResponse } from 'msw';
import {
  addDays,
  endpoints,
  hostelDate,
  instantOfHostelTime,
  slotDefaults,
  firstHallId,
  type MealSlot,
  type Menu,
  type MenuDay,
  type RequestedMeal,
  type Serving,
} from '@hostelhub/contracts';
import { onEndpoint, server } from './server';

export const testTimeZone = 'Europe/London';
export const today = () => hostelDate(Date.now(), testTimeZone);

const hour = 3600_000;

/** A serving of `slot` on `date` with the slot's window; its cutoff an hour ahead unless set. */
export function makeServing(overrides: Partial<Serving> & { slot?: MealSlot; date?: string } = {}): Serving {
  const slot = overrides.slot ?? 'lunch';
  const date = overrides.date ?? today();
  const id = overrides._id ?? `serving-${Math.random().toString(36).slice(2, 8)}`;
  return {
    _id: id,
    hallId: firstHallId,
    date,
    slot,
    startsAt: instantOfHostelTime(date, slotDefaults[slot].startTime, testTimeZone).toISOString(),
    endsAt: instantOfHostelTime(date, slotDefaults[slot].endTime, testTimeZone).toISOString(),
    cutoffAt: new Date(Date.now() + hour).toISOString(),
    capacity: null,
    reserved: 0,
    version: 1,
    meal: {
      _id: `meal-${id}`,
      title: `Meal ${id}`,
      image: '/images/meals/lunch-1.svg',
      price: 12,
      category: 'Lunch',
      rating: 4,
      allergens: ['gluten'],
      dietTags: [],
    },
    ...overrides,
  };
}

/** `days` days from `from`, with the given servings and closed days placed on their dates. */
export function makeMenu(
  servings: Serving[],
  { from = today(), days = 7, closed = {} }: { from?: string; days?: number; closed?: Record<string, string> } = {},
): Menu {
  const list: MenuDay[] = Array.from({ length: days }, (_, index) => {
    const date = addDays(from, index);
    const note = closed[date];
    return {
      date,
      closed: note === undefined ? null : { note },
      servings: servings.filter((serving) => serving.date === date),
    };
  });
  return { timeZone: testTimeZone, days: list };
}

/** The member's reservation of `serving`, as GET /requested-meals lists it. */
export function makeReservation(serving: Serving, overrides: Partial<RequestedMeal> = {}): RequestedMeal {
  return {
    _id: `request-${serving._id}`,
    mealId: serving.meal._id,
    title: serving.meal.title,
    likes: 0,
    reviews_count: 0,
    status: 'pending',
    userEmail: 'student@hostelhub.test',
    userName: 'Sam Student',
    requestedAt: new Date(Date.now() - hour).toISOString(),
    servedAt: null,
    cancelledAt: null,
    priority: false,
    serving: {
      _id: serving._id,
      date: serving.date,
      slot: serving.slot,
      startsAt: serving.startsAt,
      endsAt: serving.endsAt,
      cutoffAt: serving.cutoffAt,
    },
    ...overrides,
  };
}

/** `requests` a page at a time as the API pages a list: `limit` (20 unless asked) after `cursor`. */
function pageOf(requests: RequestedMeal[], url: URL) {
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const start = Number(url.searchParams.get('cursor') ?? 0);
  const end = start + limit;
  return { items: requests.slice(start, end), nextCursor: end < requests.length ? String(end) : null };
}

/**
 * The API holding `reservations()` for the signed-in member, as each list that shows them
 * answers: GET /my-reservations soonest first, and the member's own GET /requested-meals
 * newest first, each a page at a time.
 */
export function answerHeldReservations(reservations: () => RequestedMeal[]) {
  const soonestFirst = () =>
    [...reservations()].sort((a, b) => (a.serving?.startsAt ?? '').localeCompare(b.serving?.startsAt ?? ''));
  const newestFirst = () =>
    [...reservations()].sort((a, b) => (b.requestedAt ?? '').localeCompare(a.requestedAt ?? ''));
  server.use(
    onEndpoint(endpoints.myReservations, ({ request }) =>
      HttpResponse.json(pageOf(soonestFirst(), new URL(request.url))),
    ),
    onEndpoint(endpoints.requestedMeals, ({ request }) =>
      HttpResponse.json(pageOf(newestFirst(), new URL(request.url))),
    ),
  );
}
