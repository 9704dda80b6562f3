import type { PublicMeal } from '@hostelhub/contracts';

/** A meal as the public API returns it. */
export function makeMeal(overrides: Partial<PublicMeal> = {}): PublicMeal {
  const id = overrides._id ?? `meal-${Math.random().toString(36).slice(2, 8)}`;
  return {
    _id: id,
    title: `Meal ${id}`,
    category: 'Lunch',
    image: `/images/meals/lunch-1.svg`,
    ingredients: 'Rice, Beans',
    description: 'A filling plate.',
    price: 18,
    rating: 4,
    likes: 2,
    reviews_count: 1,
    distributorName: 'Green Bowl Kitchen',
    adminName: 'Ada Admin',
    postTime: new Date(Date.now() - 3 * 3600_000).toISOString(),
    allergens: ['gluten'],
    dietTags: ['vegetarian'],
    ...overrides,
  };
}
