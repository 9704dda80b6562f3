// `total` of GET /meals: how many meals a filter matches, as this instance counted them at
// most a few seconds ago (ADR 0040). The count is an aggregation over every matching meal;
// asked for on every first page, it cost more than the page itself. Public answers are kept
// by the CDN for minutes anyway, so a total this fresh changes nothing a visitor sees, and an
// admin's change made through this instance is counted at once.
import { mealTotalsFreshMs } from '../config.js';

type Counted = { total: Promise<number>; until: number };

const counted = new Map<string, Counted>();

/** Bounds the memory a visitor typing new searches can take. */
const maxFilters = 500;

/**
 * The number of meals a list's filter matches: `count()` asks Firestore, at most once per
 * filter while its answer is fresh, and callers at the same moment share that one count.
 * `filterKey` names the filter, the same for equal filters.
 */
export function mealsTotal(filterKey: string, count: () => Promise<number>, now = Date.now()): Promise<number> {
  const freshMs = mealTotalsFreshMs();
  if (freshMs <= 0) return count();
  const hit = counted.get(filterKey);
  if (hit && hit.until > now) return hit.total;
  if (counted.size >= maxFilters) counted.clear();
  const total = count();
  const entry = { total, until: now + freshMs };
  counted.set(filterKey, entry);
  // A failed count is not kept: the next caller asks Firestore again.
  total.catch(() => counted.get(filterKey) === entry && counted.delete(filterKey));
  return total;
}

/** After a meal is added, changed or removed through this instance. */
export function forgetMealTotals(): void {
  counted.clear();
}
