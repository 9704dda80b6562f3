// Meal requests as the tests make and read them: through the API, and as Firestore holds them.
import { call, db } from './emulators.js';

/** The stored request, as Firestore holds it. */
export const requestDoc = async (id: string) => (await db.doc(`mealRequests/${id}`).get()).data();

/** A request of a meal (no serving) through the API. */
export function requestMeal(token: string, mealId: string) {
  return call('requestMeal', { token, body: { mealId } });
}
