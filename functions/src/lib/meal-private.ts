import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { converters, dataOf, typed } from './converters/index.js';
import { collections } from './firestore.js';

/**
 * What of a meal only admins may read: the distributor's email and the uid of the admin who
 * added it. Meals and upcoming meals are publicly readable documents, so these live beside
 * them in `mealPrivate/{mealId}` and `upcomingMealPrivate/{mealId}` (admins only in the
 * rules), written in the same batch or transaction as the meal (ADR 0020).
 */
type MealPrivateFields = { distributorEmail: string; adminUid: string | null };

export type MealCollection = typeof collections.meals | typeof collections.upcomingMeals;

/** The typed collection of meals or of upcoming meals. */
export const mealsIn = (collection: MealCollection) =>
  collection === collections.meals ? typed.meals() : typed.upcomingMeals();

export const mealPrivateRef = (collection: MealCollection, mealId: string) =>
  (collection === collections.meals ? typed.mealPrivate() : typed.upcomingMealPrivate()).doc(mealId);

/** The private half of a meal document (same collection, same id). */
export const privateRefOf = (meal: DocumentSnapshot) => mealPrivateRef(meal.ref.parent.id as MealCollection, meal.id);

/** The public fields that a meal stored before ADR 0020 still carries; moved on the next write. */
export const formerlyPublicFields = ['distributorEmail', 'adminUid'] as const;

/**
 * A meal's private fields: from its private document, or, for a meal stored in the old shape
 * (scripts/migrate-private-meal-fields.mjs has not run on it yet), from the meal itself.
 */
export function privateFieldsOf(meal: DocumentSnapshot, privateDoc: DocumentSnapshot | undefined): MealPrivateFields {
  // The private half's own fields, or the old shape's on the meal (both collections' schemas name them).
  const source = dataOf(converters.mealPrivate, privateDoc ?? meal) ?? dataOf(converters.meals, meal);
  return { distributorEmail: source?.distributorEmail ?? '', adminUid: source?.adminUid ?? null };
}
