import { z } from './zod.js';
import type { MealLabels } from './allergens.js';
import { mealLabelConflict } from './allergens.js';
import { dietParam, freeFromParam, mealLabelFields } from './allergen-schemas.js';
import { mealCategories, mealSorts, priceRanges } from './catalog.js';
import { isOwnKey } from './records.js';
import { pageQuery, type Page } from './paging.js';
import type { PublicReview } from './reviews.js';
import { normalizeMealSearch } from './search.js';

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

/**
 * The meal an admin sends to add, edit or schedule a meal. The site's meal form and the API
 * validate with this same schema, so they can never disagree on what is valid.
 */
export const mealBodySchema = z
  .strictObject({
    title: text('Title is required', 120),
    category: z.enum(mealCategories, 'Category must be Breakfast, Lunch or Dinner'),
    image: imageLocation,
    ingredients: text('Ingredients are required', 1000),
    description: text('Description is required', 2000),
    price,
    distributorName: text('Distributor name is required', 120),
    distributorEmail: text('Distributor Email is required', 254).pipe(z.email('Distributor Email is not valid')),
    ...mealLabelFields,
  })
  .superRefine((meal, context) => {
    const conflict = mealLabelConflict(meal);
    if (conflict) context.addIssue({ code: 'custom', path: ['dietTags'], message: conflict });
  });

export type MealInput = z.infer<typeof mealBodySchema>;

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

/** POST /add-meal, PUT /meal/{id}, POST /upcoming-meals as the API parses them. */
export const mealBody = z.preprocess(withoutClientAdminFields, mealBodySchema);

/** '' (the select's "all" option) means no filter. */
const optionalCategory = z
  .union([z.literal(''), z.enum(mealCategories, 'must be Breakfast, Lunch or Dinner')])
  .optional()
  .transform((value) => value || undefined);

/**
 * A meal search box's text as the meals' `searchTokens` are matched: GET /meals and
 * GET /all-meals read it the same way, so a word that finds a meal on one finds it on the other.
 */
const mealSearch = z
  .string()
  .max(200)
  .optional()
  .transform((value) => normalizeMealSearch(value ?? '') || undefined);

/** The site's select sends the key (`10-30`, `under-10`); `$10-$30` is read as `10-30` too. */
const optionalPriceRange = z
  .string()
  .max(20)
  .optional()
  .transform((value, context) => {
    const key = (value ?? '').replace(/\$/g, '').replace(/\s+/g, '');
    if (!key) return undefined;
    if (!isOwnKey(priceRanges, key)) {
      context.addIssue({ code: 'custom', message: `must be one of ${Object.keys(priceRanges).join(', ')}` });
      return z.NEVER;
    }
    return key;
  });

/** What the home page's tabs show: a visitor never needs more of one category at once. */
export const mealsByCategoryMax = 12;

/** GET /mealsByCategory */
export const mealsByCategoryQuery = z.object({
  category: optionalCategory,
  limit: z.coerce.number().int().min(1).max(mealsByCategoryMax).default(mealsByCategoryMax),
});

/** Upcoming meals per page: a screen of cards; the page loads more as the visitor scrolls. */
export const upcomingMealsPageSize = 12;

/** GET /upcoming-meals: cursor-paged, newest first. */
export const upcomingMealsListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(24).default(upcomingMealsPageSize),
  cursor: pageQuery.cursor,
});

/** Reviews per page on a meal's page: GET /meal/{id} carries the first, the rest are paged. */
export const mealReviewsPageSize = 10;

/** GET /meal/{id}/reviews: the reviews after the first page, newest first. */
export const mealReviewsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20).default(mealReviewsPageSize),
  cursor: pageQuery.cursor,
});

/**
 * How far `page` may reach without a cursor. Skipped documents are still read and billed,
 * so deep offsets are refused rather than run for anyone who asks.
 */
export const maxMealsWithoutCursor = 120;

/** GET /meals */
export const mealsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(500).default(1),
    limit: z.coerce.number().int().min(1).max(24).default(6),
    search: mealSearch,
    category: optionalCategory,
    priceRange: optionalPriceRange,
    /** Only meals with this diet tag. */
    diet: dietParam,
    /** Only meals declared free of every one of these allergens (undeclared meals never match). */
    freeFrom: freeFromParam,
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
export type MealsQuery = z.infer<typeof mealsQuery>;

/** GET /all-meals (admins) */
export const allMealsQuery = z.object({
  // The site replaces spaces with hyphens; accept the spaced form too.
  sort: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().replace(/\s+/g, '-') : value),
    z.enum(mealSorts, "sort must be 'Like', 'Reviews-count' or empty").default(''),
  ),
  search: mealSearch,
  category: optionalCategory,
  ...pageQuery,
});
export type AllMealsQuery = z.infer<typeof allMealsQuery>;

/** GET /all-meals: a page of meals and how many meals match the search and category in all. */
export type AdminMealsPage = Page<AdminMeal> & { total: number };

/** A meal (or upcoming meal) as anyone may see it: counts, never anybody's email. */
export type PublicMeal = {
  _id: string;
  title: string;
  category: string;
  image: string;
  ingredients: string;
  description: string;
  price: number;
  rating: number;
  /** The like count; public responses never list who liked. */
  likes: number;
  reviews_count: number;
  distributorName: string;
  adminName: string;
  postTime: string | null;
} & MealLabels;

/** A meal as admins see it (GET /all-meals, and GET /meal/{id} for an admin). */
export type AdminMeal = PublicMeal & { distributorEmail: string };

/** GET /meal/{id}: the meal with its latest reviews and whether the caller liked it. */
export type MealDetail = PublicMeal & {
  /** Sent to admins only. */
  distributorEmail?: string;
  /** The newest `mealReviewsPageSize` reviews. */
  reviews: PublicReview[];
  /** GET /meal/{id}/reviews?cursor= gives the next ones; null when these are all. */
  reviewsNextCursor: string | null;
  /** Whether the caller has reviewed this meal (their review may be on a later page); false without a token. */
  reviewed: boolean;
  liked: boolean;
};

/** GET /upcoming-meals: each with whether the caller (if a token was sent) liked it. */
export type UpcomingMeal = PublicMeal & { liked: boolean };

/** GET /meals */
export type MealsPage = { meals: PublicMeal[]; total: number; nextCursor: string | null };

/** POST /add-meal, POST /upcoming-meals, POST /upcoming-meals/{id}/publish */
export type Inserted = { insertedId: string };

/** What an edit answers: how many documents it changed. */
export type Modified = { modifiedCount: number };

/** What a removal answers: how many documents it removed. */
export type Deleted = { deletedCount: number };
