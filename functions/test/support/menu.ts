// Menu fixtures: servings planned through the API, on weeks no other test uses.
import { expect } from 'vitest';
import { addDays, mondayOf } from '@hostelhub/contracts';
import { call, db } from './emulators.js';
import { createUserDirect } from './users.js';

/**
 * A week no other test of this run uses: from a random Monday between 2031 and 2090, each call
 * four weeks on, so two calls never share one (and a test may use the week after its own).
 */
let nextIsolatedWeek = mondayOf(
  new Date(Date.UTC(2031, 0, 1) + Math.floor(Math.random() * 59 * 365) * 86_400_000).toISOString().slice(0, 10),
);
export function isolatedWeek(): string {
  const week = nextIsolatedWeek;
  nextIsolatedWeek = addDays(week, 28);
  return week;
}

/** Plans a serving as an admin and returns its id; fails the test on anything but 201. */
export async function planServing(adminToken: string, body: Record<string, unknown>): Promise<string> {
  const response = await call('addServing', { token: adminToken, untypedBody: body });
  if (response.status !== 201) throw new Error(`POST /servings: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.insertedId as string;
}

export async function servingData(id: string) {
  return (await db.doc(`servings/${id}`).get()).data();
}

/** A dinner two days from now whose reservations close `cutoffInMs` from now. */
export function bodyWithCutoffIn(mealId: string, cutoffInMs: number, extra: Record<string, unknown> = {}) {
  const date = addDays(new Date().toISOString().slice(0, 10), 2);
  return {
    mealId,
    date,
    slot: 'dinner',
    startTime: '18:30',
    endTime: '20:30',
    cutoffAt: new Date(Date.now() + cutoffInMs).toISOString(),
    ...extra,
  };
}

/** A new admin, for a test's own planning. */
export const newAdmin = () => createUserDirect({ role: 'admin' });

/** The public menu of `days` days from `from`; fails the test on anything but 200. */
export async function menuOf(from: string, days = 7) {
  const response = await call('menu', { query: { from, days } });
  expect(response.status).toBe(200);
  return response.body;
}
