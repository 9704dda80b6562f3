import { z } from 'zod';
import { pageQuery } from '../../lib/paging.js';
import { mealBodySchema, withoutClientAdminFields } from '../../shared/meal-schema.js';
import { allMealsSorts } from './queries.js';

export const mealBody = z.preprocess(withoutClientAdminFields, mealBodySchema);

export const allMealsQuerySchema = z.object({
  // The site replaces spaces with hyphens; accept the spaced form too.
  sort: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().replace(/\s+/g, '-') : value),
    z.enum(allMealsSorts, "sort must be 'Like', 'Reviews-count' or empty").default(''),
  ),
  ...pageQuery,
});

export { idParams } from '../meals/schemas.js';
