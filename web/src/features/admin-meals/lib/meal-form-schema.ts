// What the add / edit / upcoming meal form accepts. The form holds text (that is what
// inputs hold). Each field is checked on its own: first "is required", then the API's own
// rule for that field (mealBodySchema's), so a bad price or email is named as soon as that
// field is left, not only once every other field is filled, and the form and the server
// never disagree.
import { mealBodySchema, z, type MealInput } from '@hostelhub/contracts';

const required = (message: string) => z.string().trim().min(1, message);
const api = mealBodySchema.shape;

export const mealFormSchema = z.object({
  title: required('Title is required').pipe(api.title),
  category: required('Category is required').pipe(api.category),
  image: required('Image is required').pipe(api.image),
  ingredients: required('Ingredients are required').pipe(api.ingredients),
  description: required('Description is required').pipe(api.description),
  price: required('Price is required')
    .transform((value) => Number(value))
    .pipe(api.price),
  distributorName: required('Distributor name is required').pipe(api.distributorName),
  distributorEmail: required('Distributor Email is required').pipe(api.distributorEmail),
}) satisfies z.ZodType<MealInput>;

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
