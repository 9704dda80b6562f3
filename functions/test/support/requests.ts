// Meal requests as the tests make and read them: through the API, and as Firestore holds them.
import { expect } from 'vitest';
import { call, db } from './emulators.js';

/** The stored request, as Firestore holds it. */
export const requestDoc = async (id: string) => (await db.doc(`mealRequests/${id}`).get()).data();

/** A request of a meal (no serving) through the API. */
export function requestMeal(token: string, mealId: string) {
  return call('requestMeal', { token, body: { mealId } });
}

export type QueueRow = { _id: string; userEmail: string; status: string; priority: boolean; requestedAt: string };

/** Every row of an admin's queue (pending) or history, page by page, in the API's order. */
export async function everyRow(token: string, queue: 'pending' | 'history'): Promise<QueueRow[]> {
  const rows: QueueRow[] = [];
  let cursor: string | null = null;
  do {
    const query: Record<string, string> = { role: 'admin', queue, limit: '50' };
    if (cursor) query.cursor = cursor;
    const page = await call('requestedMeals', { query: new URLSearchParams(query), token });
    expect(page.status).toBe(200);
    rows.push(...page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor);
  return rows;
}
