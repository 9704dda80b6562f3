import { z } from 'zod';
import { mealCategories, priceRanges, type PriceRangeKey } from '../../shared/catalog.js';
import { normalizeSearch } from '../../shared/meal-search.js';

/** '' (the select's "all" option) means no filter. */
const optionalCategory = z
  .union([z.literal(''), z.enum(mealCategories, 'must be Breakfast, Lunch or Dinner')])
  .optional()
  .transform((value) => value || undefined);

/** The site's select sends `$10-$30`; `10-30` is the canonical form. */
const optionalPriceRange = z
  .string()
  .max(20)
  .optional()
  .transform((value, context) => {
    const key = (value ?? '').replace(/\$/g, '').replace(/\s+/g, '');
    if (!key) return undefined;
    if (!(key in priceRanges)) {
      context.addIssue({ code: 'custom', message: `must be one of ${Object.keys(priceRanges).join(', ')}` });
      return z.NEVER;
    }
    return key as PriceRangeKey;
  });

export const mealsByCategoryQuerySchema = z.object({
  category: optionalCategory,
  limit: z.coerce.number().int().min(1).max(48).default(12),
});

/**
 * How far `page` may reach without a cursor. Skipped documents are still read and billed,
 * so deep offsets are refused rather than run for anyone who asks.
 */
export const maxMealsWithoutCursor = 120;

export const mealsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(500).default(1),
    limit: z.coerce.number().int().min(1).max(24).default(6),
    search: z
      .string()
      .max(200)
      .optional()
      .transform((value) => normalizeSearch(value ?? '') || undefined),
    category: optionalCategory,
    priceRange: optionalPriceRange,
    cursor: z.string().max(1500).optional(),
  })
  .superRefine((query, context) => {
    if (!query.cursor && query.page * query.limit > maxMealsWithoutCursor) {
      context.addIssue({
        code: 'custom',
        path: ['page'],
        message: `reaches past the first ${maxMealsWithoutCursor} meals; follow nextCursor instead`,
      });
    }
  });

export type MealsQuery = z.infer<typeof mealsQuerySchema>;

/** Ids Firestore accepts: a client sending `..` or `__x__` gets a 400, not a database error. */
export const documentIdSchema = z
  .string()
  .min(1)
  .max(200)
  .refine((id) => id !== '.' && id !== '..' && !/^__.*__$/.test(id) && !id.includes('/'), 'not a valid id');

export const idParams = z.object({ id: documentIdSchema });
