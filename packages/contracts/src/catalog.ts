// Values the site and the API agree on.

export const mealCategories = ['Breakfast', 'Lunch', 'Dinner'] as const;
export type MealCategory = (typeof mealCategories)[number];

/** `staff` run the counter, the kitchen view and Serve Meals, and nothing else of the dashboard. */
export const roles = ['student', 'staff', 'admin'] as const;
export type Role = (typeof roles)[number];

export const badges = ['Bronze', 'Silver', 'Gold', 'Platinum'] as const;
export type Badge = (typeof badges)[number];

/** The badges a paid membership gives; Bronze is everyone's badge before paying. */
export const memberBadges: readonly Badge[] = ['Silver', 'Gold', 'Platinum'];

export const isBadge = (value: unknown): value is Badge => (badges as readonly unknown[]).includes(value);
export const isMemberBadge = (value: unknown): value is Badge => (memberBadges as readonly unknown[]).includes(value);

/**
 * The price filter of /meals, one definition for the API's query and the site's select. Each
 * range holds the prices with min <= price < max (no min: from 0, no max: no end), so a meal
 * at a boundary such as $30 is in exactly one range and every price is in one. The spec's
 * three options keep their labels; "Under $10" and "$100 and over" reach the rest.
 */
export const priceRanges = {
  'under-10': { label: 'Under $10', min: null, max: 10 },
  '10-30': { label: '$10-$30', min: 10, max: 30 },
  '30-60': { label: '$30-$60', min: 30, max: 60 },
  '60-100': { label: '$60-$100', min: 60, max: 100 },
  '100-plus': { label: '$100 and over', min: 100, max: null },
} as const satisfies Record<string, PriceRange>;
export type PriceRange = { label: string; min: number | null; max: number | null };
export type PriceRangeKey = keyof typeof priceRanges;

export const mealsPageSize = 6;

/** All Meals (admin) order: newest first (''), most liked, most reviewed. */
export const mealSorts = ['', 'Like', 'Reviews-count'] as const;
export type MealSort = (typeof mealSorts)[number];

/** A request's status on the wire and on screens: the spec's word for a served meal is `delivered`. */
export const requestStatuses = ['pending', 'delivered', 'cancelled'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

/** A request's status as stored (ADR 71): a served meal is `served`, the glossary's word. */
export const storedRequestStatuses = ['pending', 'served', 'cancelled'] as const;
export type StoredRequestStatus = (typeof storedRequestStatuses)[number];

/**
 * The values a query asks for to find requests of `statuses`, served ones stored before ADR 71
 * included, so nothing stored before goes missing until scripts/migrate-stored-names.mjs runs.
 */
export function storedValuesOf(...statuses: StoredRequestStatus[]): string[] {
  return statuses.flatMap((status) => (status === 'served' ? ['served', 'delivered'] : [status]));
}

/** What Serve Meals' history lists, live and from the API: requests served or cancelled. */
export const closedRequestValues = storedValuesOf('served', 'cancelled');

/**
 * The stored status of a request as the code knows it, or null. Meals served before ADR 71
 * store the wire's word until scripts/migrate-stored-names.mjs has run: they read as served.
 */
export function storedRequestStatusOf(value: unknown): StoredRequestStatus | null {
  if (value === 'delivered') return 'served';
  return (storedRequestStatuses as readonly unknown[]).includes(value) ? (value as StoredRequestStatus) : null;
}

/** The status a list answers for a stored one; an unknown one reads as pending, as it always has. */
export function requestStatusOnTheWire(stored: unknown): RequestStatus {
  const status = storedRequestStatusOf(stored);
  return status === 'served' ? 'delivered' : (status ?? 'pending');
}

/** VAT added to a membership price; the charge is the total in cents. */
export const vatRate = 0.05;
export function priceWithVatInCents(price: number): number {
  return Math.round(price * (1 + vatRate) * 100);
}
