// The meal body an admin sends to add, edit or schedule a meal. The site's Add Meal form and
// the API validate with this same schema, so they can never disagree on what is valid.
import { z } from './zod.js';
import { mealCategories } from './catalog.js';

const text = (required: string, max: number) => z.string(required).trim().min(1, required).max(max);

/** http(s) URLs from the image host, or the site's own bundled /images/ files. */
const imageLocation = text('Image is required', 2048).refine(
  (value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/images\/[^\s]+$/.test(value),
  'Image must be an http(s) URL or a path under /images/',
);

/** Money is stored in dollars; more than two decimals would be a price nobody can pay. */
const price = z
  .number('Price is required')
  .positive('Price must be more than 0')
  .max(100_000, 'Price is too high')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Price has at most 2 decimals');

export const mealBodySchema = z.strictObject({
  title: text('Title is required', 120),
  category: z.enum(mealCategories, 'Category must be Breakfast, Lunch or Dinner'),
  image: imageLocation,
  ingredients: text('Ingredients are required', 1000),
  description: text('Description is required', 2000),
  price,
  distributorName: text('Distributor name is required', 120),
  distributorEmail: text('Distributor Email is required', 254).pipe(z.email('Distributor Email is not valid')),
});

export type MealBody = z.infer<typeof mealBodySchema>;

/**
 * The form sends the admin's name and email along (read-only fields filled from the
 * session); the server takes them from the admin's profile instead, so they are dropped
 * before the strict parse rather than refused.
 */
export function withoutClientAdminFields(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw;
  const { adminName: _name, adminEmail: _email, ...rest } = raw as Record<string, unknown>;
  return rest;
}
