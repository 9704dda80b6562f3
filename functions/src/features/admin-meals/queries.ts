import type { Query } from 'firebase-admin/firestore';
import type { MealCategory, MealSort } from '@hostelhub/contracts';
import { typed, type MealDocument } from '../../lib/converters/index.js';

const sortField: Record<MealSort, string> = {
  '': 'postTime',
  Like: 'likesCount',
  'Reviews-count': 'reviewsCount',
};

export type AllMealsFilter = {
  /** Already normalised by the contract's schema (as GET /meals reads it); undefined means none. */
  search?: string;
  category?: MealCategory;
};

/** All Meals' filters without ordering: what `total` counts. */
export function filteredAllMealsQuery(filter: AllMealsFilter): Query<MealDocument> {
  let query: Query<MealDocument> = typed.meals();
  if (filter.search) query = query.where('searchTokens', 'array-contains', filter.search);
  if (filter.category) query = query.where('category', '==', filter.category);
  return query;
}

/** All Meals (admin): most liked, most reviewed or newest first, optionally searched and filtered. */
export function allMealsQuery(sort: MealSort, filter: AllMealsFilter = {}): Query<MealDocument> {
  return filteredAllMealsQuery(filter).orderBy(sortField[sort], 'desc');
}
