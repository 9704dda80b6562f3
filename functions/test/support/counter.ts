// Members, servings and passes for the counter's tests (ADR 0034): a serving open now as the
// API stores one, a member's reservation of it through the API, and a pass for it.
import { defaultHostelTimeZone } from '@hostelhub/contracts';
import { call, db } from './emulators.js';
import { reserve, storedServing } from './feedback.js';
import { createUserDirect } from './users.js';

export const minuteMs = 60_000;
export const timeZone = process.env.HOSTEL_TIME_ZONE || defaultHostelTimeZone;

/** The run's pass key (scripts/test.mjs), for passes a test signs itself (expired ones). */
export function passKey(): string {
  const key = process.env.PASS_SECRET;
  if (!key) throw new Error('PASS_SECRET is not set: run through `npm test`');
  return key;
}

export type ServingOptions = { startsInMs?: number; lastsMs?: number; capacity?: number | null; reserved?: number };

/**
 * A serving stored as the API stores one, open from `startsInMs` from now (negative: already
 * open), with its cutoff still ahead so members can reserve through the API.
 */
export function servingNow(options: ServingOptions = {}) {
  return storedServing({
    startedMsAgo: -(options.startsInMs ?? -10 * minuteMs),
    lastsMs: options.lastsMs,
    capacity: options.capacity ?? null,
    reserved: options.reserved,
  });
}

export const member = (options: Parameters<typeof createUserDirect>[0] = {}) =>
  createUserDirect({
    membership: 'Gold',
    name: 'Mina Member',
    photoURL: 'https://images.example.test/mina.png',
    ...options,
  });
export const staff = () => createUserDirect({ role: 'staff', name: 'Kim Kitchen' });

export async function passFor(token: string, body: Record<string, unknown>) {
  const response = await call('createPass', { token, untypedBody: body });
  if (response.status !== 201) throw new Error(`POST /passes: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { token: string; shortCode: string; expiresAt: string; requestId: string | null };
}

export const redeem = (token: string, body: Record<string, unknown>) =>
  call('redeemPass', { token, untypedBody: body });

/** What a refusal must leave as it was: the request, the serving's counts, the member's notices. */
export async function snapshotOf(requestId: string | null, servingId: string, uid: string) {
  const [request, serving, notices, requests] = await Promise.all([
    requestId ? db.doc(`mealRequests/${requestId}`).get() : null,
    db.doc(`servings/${servingId}`).get(),
    db.collection(`users/${uid}/notifications`).get(),
    db.collection('mealRequests').where('userUid', '==', uid).get(),
  ]);
  return {
    request: request?.data() ?? null,
    served: serving.get('served'),
    reserved: serving.get('reserved'),
    notices: notices.size,
    requests: requests.size,
  };
}

/** A member with a pending reservation of a serving open now, and a pass for it. */
export async function reservedWithPass(servingOptions: ServingOptions = {}) {
  const { meal, servingId, date } = await servingNow(servingOptions);
  const diner = await member();
  await db.doc(`users/${diner.uid}`).update({ diet: { avoid: ['peanuts', 'milk'], diets: [] } });
  const requestId = await reserve(diner.token, meal.id, servingId);
  const pass = await passFor(diner.token, { requestId });
  return { meal, servingId, date, diner, requestId, pass };
}
