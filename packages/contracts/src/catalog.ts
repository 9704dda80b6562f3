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

export const requestStatuses = ['pending', 'delivered', 'cancelled'] as const;
export type RequestStatus = (typeof requestStatuses)[number];

/** VAT added to a membership price; the charge is the total in cents. */
export const vatRate = 0.05;
export function priceWithVatInCents(price: number): number {
  return Math.round(price * (1 + vatRate) * 100);
}
