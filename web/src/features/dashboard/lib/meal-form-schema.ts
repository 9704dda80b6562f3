// What the add / edit / upcoming meal form accepts, with the spec's messages. The form keeps
// every field as text (that is what inputs hold); parsing turns it into the API's meal body.
import { mealCategories } from '@shared/catalog';
import { z } from 'zod';
import type { MealInput } from '../types';

const required = (message: string) => z.string().trim().min(1, message);

export const mealFormSchema = z.object({
  title: required('Title is required').max(120, 'Title must be at most 120 characters'),
  category: z.enum(mealCategories, { error: 'Category is required' }),
  image: required('Image is required').regex(
    /^(https?:\/\/\S+|\/images\/\S+)$/,
    'Enter an image URL (http:// or https://)',
  ),
  ingredients: required('Ingredients are required'),
  description: required('Description is required'),
  price: required('Price is required')
    .refine((text) => Number.isFinite(Number(text)) && Number(text) > 0, 'Price must be a number above 0')
    .transform((text) => Math.round(Number(text) * 100) / 100),
  distributorName: required('Distributor name is required'),
  distributorEmail: required('Distributor Email is required').pipe(z.email('Enter a valid email address')),
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
export const mealToFormValues = (meal: Partial<MealInput>): MealFormValues => ({
  title: meal.title ?? '',
  category: meal.category ?? '',
  image: meal.image ?? '',
  ingredients: meal.ingredients ?? '',
  description: meal.description ?? '',
  price: meal.price === undefined ? '' : String(meal.price),
  distributorName: meal.distributorName ?? '',
  distributorEmail: meal.distributorEmail ?? '',
});
