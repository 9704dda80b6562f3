// What the add / edit / upcoming meal form accepts. The form holds text (that is what
// inputs hold); the "is required" messages come first, for every empty field at once,
// then the API's own meal schema decides the rest, so the form and the server never disagree.
import { mealBodySchema, z, type MealInput } from '@hostelhub/contracts';

const required = (message: string) => z.string().trim().min(1, message);

const filledIn = z.object({
  title: required('Title is required'),
  category: required('Category is required'),
  image: required('Image is required'),
  ingredients: required('Ingredients are required'),
  description: required('Description is required'),
  price: required('Price is required'),
  distributorName: required('Distributor name is required'),
  distributorEmail: required('Distributor Email is required'),
});

export const mealFormSchema = filledIn
  .transform((values) => ({ ...values, price: Number(values.price) }))
  .pipe(mealBodySchema) satisfies z.ZodType<MealInput>;

/** The form's raw field values. */
export type MealFormValues = {
  title: string;
  category: string;
  image: string;
  ingredients: string;
  description: string;
  price: string;
  distributorName: string;
  distributorEmail: string;
};

export const emptyMealForm: MealFormValues = {
  title: '',
  category: '',
  image: '',
  ingredients: '',
  description: '',
  price: '',
  distributorName: '',
  distributorEmail: '',
};

/** A stored meal as form values, for editing. */
export const mealToFormValues = (
  meal: Partial<Omit<MealInput, 'category'>> & { category?: string },
): MealFormValues => ({
  title: meal.title ?? '',
  category: meal.category ?? '',
  image: meal.image ?? '',
  ingredients: meal.ingredients ?? '',
  description: meal.description ?? '',
  price: meal.price === undefined ? '' : String(meal.price),
  distributorName: meal.distributorName ?? '',
  distributorEmail: meal.distributorEmail ?? '',
});
