import type { Query } from 'firebase-admin/firestore';
import type { MealSort } from '@hostelhub/contracts';
import { collections, db } from '../../lib/firestore.js';

const sortField: Record<MealSort, string> = {
  '': 'postTime',
  Like: 'likesCount',
  'Reviews-count': 'reviewsCount',
};

/** All Meals (admin): most liked, most reviewed or newest first. */
export function allMealsQuery(sort: MealSort): Query {
  return db.collection(collections.meals).orderBy(sortField[sort], 'desc');
}
