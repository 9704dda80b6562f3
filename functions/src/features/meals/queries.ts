// How meal lists are asked of Firestore. Pure builders (no reads), so the index check in
// functions/test/support/indexed-queries.ts can list exactly the queries the routes run.
import { FieldPath, type Query } from 'firebase-admin/firestore';
import {
  priceRanges,
  type AllergenKey,
  type DietTag,
  type MealCategory,
  type PriceRange,
  type PriceRangeKey,
} from '@hostelhub/contracts';
import { typed, type MealDocument, type PackageDocument, type ReviewDocument } from '../../lib/converters/index.js';

export type MealFilter = {
  /** Already normalised with normalizeMealSearch; '' or undefined means no search. */
  search?: string;
  category?: MealCategory;
  priceRange?: PriceRangeKey;
  diet?: DietTag;
  /** Declared free of each of these; an undeclared meal's `freeOf` is null and never matches. */
  freeFrom?: AllergenKey[];
};

/** The filters of GET /meals, without ordering: what `total` counts. */
export function filteredMealsQuery(filter: MealFilter): Query<MealDocument> {
  let query: Query<MealDocument> = typed.meals();
  if (filter.search) query = query.where('searchTokens', 'array-contains', filter.search);
  if (filter.category) query = query.where('category', '==', filter.category);
  // Equality filters on the label maps: Firestore merges one index per field (ADR 0032),
  // so any combination of labels with search, category and price is served.
  // FieldPath, not a dotted string: `tree-nuts` is not a plain field name.
  if (filter.diet) query = query.where(new FieldPath('diets', filter.diet), '==', true);
  for (const allergen of filter.freeFrom ?? []) query = query.where(new FieldPath('freeOf', allergen), '==', true);
  if (filter.priceRange) {
    // min <= price < max (catalog.ts): a boundary price is in one range only.
    const range: PriceRange = priceRanges[filter.priceRange];
    if (range.min !== null) query = query.where('price', '>=', range.min);
    if (range.max !== null) query = query.where('price', '<', range.max);
  }
  return query;
}

/**
 * GET /meals in display order: newest first. Firestore requires a range filter's field to
 * be the first ordering, so with a price range the list is cheapest first, newest first
 * within one price.
 */
export function mealsListQuery(filter: MealFilter): Query {
  const query = filteredMealsQuery(filter);
  const byPrice = filter.priceRange ? query.orderBy('price', 'asc') : query;
  return byPrice.orderBy('postTime', 'desc');
}

export function mealsByCategoryQuery(category: MealCategory | undefined, limit: number): Query<MealDocument> {
  let query: Query<MealDocument> = typed.meals();
  if (category) query = query.where('category', '==', category);
  return query.orderBy('postTime', 'desc').limit(limit);
}

/** GET /upcoming-meals, newest first; read a page at a time by readPage. */
export function upcomingMealsQuery(): Query<MealDocument> {
  return typed.upcomingMeals().orderBy('postTime', 'desc');
}

/** A meal's reviews, newest first; read a page at a time by readPage. */
export function latestReviewsQuery(mealId: string): Query<ReviewDocument> {
  return typed.reviews(typed.meals().doc(mealId)).orderBy('timeStamp', 'desc');
}

export function packagesQuery(): Query<PackageDocument> {
  return typed.packages().orderBy('price', 'asc');
}
