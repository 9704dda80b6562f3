// Meals written straight to Firestore with the fields of docs/data-model.md.
import { Timestamp } from 'firebase-admin/firestore';
import { searchTokensFor } from '../../src/shared/meal-search.js';
import { db } from './emulators.js';

export type SeededMeal = { id: string; title: string };

/** A meal (or upcoming meal) with zeroed counters and a unique title. */
export async function seedMeal(
  options: { collection?: 'meals' | 'upcomingMeals'; title?: string; price?: number } = {},
): Promise<SeededMeal> {
  const ref = db.collection(options.collection ?? 'meals').doc();
  const title = options.title ?? `Test Meal ${ref.id}`;
  await ref.set({
    title,
    category: 'Lunch',
    image: '/images/test-meal.jpg',
    ingredients: 'rice, beans',
    description: 'A meal made for a test.',
    price: options.price ?? 12.5,
    distributorName: 'Test Kitchen',
    distributorEmail: 'kitchen@test.hostelhub.test',
    adminUid: 'test-admin',
    adminName: 'Test Admin',
    adminEmail: 'admin@test.hostelhub.test',
    searchTokens: searchTokensFor(title),
    likesCount: 0,
    reviewsCount: 0,
    ratingTotal: 0,
    rating: 0,
    postTime: Timestamp.now(),
  });
  return { id: ref.id, title };
}

export async function mealData(id: string, collection: 'meals' | 'upcomingMeals' = 'meals') {
  const snapshot = await db.doc(`${collection}/${id}`).get();
  return snapshot.data() ?? {};
}
