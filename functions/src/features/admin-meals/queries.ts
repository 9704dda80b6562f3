import type { Query } from 'firebase-admin/firestore';
import { collections, db } from '../../lib/firestore.js';

export const allMealsSorts = ['', 'Like', 'Reviews-count'] as const;
export type AllMealsSort = (typeof allMealsSorts)[number];

const sortField: Record<AllMealsSort, string> = {
  '': 'postTime',
  Like: 'likesCount',
  'Reviews-count': 'reviewsCount',
};

/** All Meals (admin): most liked, most reviewed or newest first. */
export function allMealsQuery(sort: AllMealsSort): Query {
  return db.collection(collections.meals).orderBy(sortField[sort], 'desc');
}
