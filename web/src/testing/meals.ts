import { within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
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

/** What a test enters in the meal form; `ticks` are the allergen and diet boxes it clicks, by label. */
export type MealFormEntry = {
  title: string;
  category: string;
  /** The image's URL, or null to leave the field empty. */
  image: string | null;
  ingredients: string;
  description: string;
  price: string;
  distributorName: string;
  distributorEmail: string;
  ticks: string[];
};

/** Fills in the meal form (Add Meals, or an edit dialog as `scope`) as an admin types it. */
export async function fillMealForm(
  user: ReturnType<typeof userEvent.setup>,
  entry: MealFormEntry,
  scope: HTMLElement = document.body,
) {
  const form = within(scope);
  await user.type(form.getByLabelText('Title'), entry.title);
  await user.selectOptions(form.getByLabelText('Category'), entry.category);
  if (entry.image !== null) await user.type(form.getByLabelText(/image url/i), entry.image);
  await user.type(form.getByLabelText(/ingredients/i), entry.ingredients);
  await user.type(form.getByLabelText('Description'), entry.description);
  await user.type(form.getByLabelText(/price/i), entry.price);
  await user.type(form.getByLabelText('Distributor name'), entry.distributorName);
  await user.type(form.getByLabelText('Distributor Email'), entry.distributorEmail);
  for (const tick of entry.ticks) await user.click(form.getByLabelText(tick));
}
