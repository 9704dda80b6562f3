// Meal fixtures for the API suite, written straight to the emulated Firestore.
import { Timestamp } from 'firebase-admin/firestore';
import { mealSearchTokens } from '@hostelhub/contracts';
import { reviewIdFor } from '../../src/features/reviews/review-id.js';
import { db, developmentJwtSecret } from './emulators.js';

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

type SeededMeal = {
  title: string;
  category?: 'Breakfast' | 'Lunch' | 'Dinner';
  price?: number;
  ingredients?: string;
  description?: string;
  image?: string;
  /** Tokens as an older API stored them; the current ones (mealSearchTokens) by default. */
  searchTokens?: string[];
  minutesAgo?: number;
  likesCount?: number;
  reviewsCount?: number;
};

/** Where a meal's admin-only fields live (functions/src/lib/meal-private.ts). */
export const privateCollectionOf = { meals: 'mealPrivate', upcomingMeals: 'upcomingMealPrivate' } as const;

/**
 * Stores a meal document as the API would, with its private half, and returns its id.
 * `shape: 'before-private-fields'` stores it as meals were stored before ADR 0020: the
 * private fields on the public document, no private half.
 */
export async function seedMeal(
  meal: SeededMeal,
  collection: 'meals' | 'upcomingMeals' = 'meals',
  shape: 'current' | 'before-private-fields' = 'current',
): Promise<string> {
  const ref = db.collection(collection).doc();
  const { distributorEmail, ...publicFields } = mealBody({
    title: meal.title,
    category: meal.category ?? 'Lunch',
    price: meal.price ?? 20,
    ...(meal.ingredients === undefined ? {} : { ingredients: meal.ingredients }),
    ...(meal.description === undefined ? {} : { description: meal.description }),
    ...(meal.image === undefined ? {} : { image: meal.image }),
  });
  const privateFields = { distributorEmail, adminUid: 'fixture-admin' };
  await ref.set({
    ...publicFields,
    ...(shape === 'before-private-fields' ? privateFields : {}),
    searchTokens: meal.searchTokens ?? mealSearchTokens(publicFields),
    rating: 0,
    ratingTotal: 0,
    likesCount: meal.likesCount ?? 0,
    reviewsCount: meal.reviewsCount ?? 0,
    adminName: 'Fixture Admin',
    postTime: Timestamp.fromMillis(Date.now() - (meal.minutesAgo ?? 0) * 60_000),
  });
  if (shape === 'current') await db.collection(privateCollectionOf[collection]).doc(ref.id).set(privateFields);
  return ref.id;
}

type TitledMeal = { id: string; title: string };

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
    adminName: 'Test Admin',
    searchTokens: mealSearchTokens({ title, ingredients: 'rice, beans', description: 'A meal made for a test.' }),
    likesCount: 0,
    reviewsCount: 0,
    ratingTotal: 0,
    rating: 0,
    postTime: Timestamp.now(),
  });
  await db
    .collection(privateCollectionOf[options.collection ?? 'meals'])
    .doc(ref.id)
    .set({ distributorEmail: 'kitchen@test.hostelhub.test', adminUid: 'test-admin' });
  return { id: ref.id, title };
}

export async function mealData(id: string, collection: 'meals' | 'upcomingMeals' = 'meals') {
  const snapshot = await db.doc(`${collection}/${id}`).get();
  return snapshot.data() ?? {};
}

/** A review's id as the API derives it in this run (keyed with the run's secret). */
export const reviewIdOf = (mealId: string, uid: string) => reviewIdFor(mealId, uid, developmentJwtSecret());
