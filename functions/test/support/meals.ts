// Meal fixtures for the API suite, written straight to the emulated Firestore.
import { Timestamp } from 'firebase-admin/firestore';
import { searchTokensFor } from '@hostelhub/contracts';
import { db } from './emulators.js';

/** A lowercase word no other test or demo meal contains, to isolate searches. */
export function uniqueWord(prefix = 'zq'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** A meal body the admin routes accept. */
export function mealBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Garden Lentil Soup',
    category: 'Lunch',
    image: '/images/lentil-soup.jpg',
    ingredients: 'Lentils, Carrots, Cumin',
    description: 'A warm bowl of red lentils.',
    price: 14.5,
    distributorName: 'Green Bowl Kitchen',
    distributorEmail: 'orders@greenbowl.test',
    ...overrides,
  };
}

export type SeededMeal = {
  title: string;
  category?: 'Breakfast' | 'Lunch' | 'Dinner';
  price?: number;
  minutesAgo?: number;
  likesCount?: number;
  reviewsCount?: number;
};

/** Stores a meal document as the API would and returns its id. */
export async function seedMeal(meal: SeededMeal, collection: 'meals' | 'upcomingMeals' = 'meals'): Promise<string> {
  const ref = db.collection(collection).doc();
  await ref.set({
    ...mealBody({ title: meal.title, category: meal.category ?? 'Lunch', price: meal.price ?? 20 }),
    searchTokens: searchTokensFor(meal.title),
    rating: 0,
    ratingTotal: 0,
    likesCount: meal.likesCount ?? 0,
    reviewsCount: meal.reviewsCount ?? 0,
    adminUid: 'fixture-admin',
    adminName: 'Fixture Admin',
    postTime: Timestamp.fromMillis(Date.now() - (meal.minutesAgo ?? 0) * 60_000),
  });
  return ref.id;
}

export type TitledMeal = { id: string; title: string };

/** A meal (or upcoming meal) with zeroed counters and a unique title, with its id and title. */
export async function seedTitledMeal(
  options: { collection?: 'meals' | 'upcomingMeals'; title?: string; price?: number } = {},
): Promise<TitledMeal> {
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
