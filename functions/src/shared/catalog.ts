// Values the site and the API agree on. Both import this module.

export const mealCategories = ['Breakfast', 'Lunch', 'Dinner'] as const;
export type MealCategory = (typeof mealCategories)[number];

export const badges = ['Bronze', 'Silver', 'Gold', 'Platinum'] as const;
export type BadgeName = (typeof badges)[number];

/** The badges that count as a paid membership. */
export const memberBadges: readonly BadgeName[] = ['Silver', 'Gold', 'Platinum'];

export const priceRanges = {
  '10-30': { label: '$10-$30', min: 10, max: 30 },
  '30-60': { label: '$30-$60', min: 30, max: 60 },
  '60-100': { label: '$60-$100', min: 60, max: 100 },
} as const;
export type PriceRangeKey = keyof typeof priceRanges;

export const mealsPageSize = 6;

/** VAT added to a membership price; the charge is the total in cents. */
export const vatRate = 0.05;
export function priceWithVatInCents(price: number): number {
  return Math.round(price * (1 + vatRate) * 100);
}
