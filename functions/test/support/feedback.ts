// Servings and served members for the counter's and the feedback tests: a serving open now
// that members reserve and staff serve through the API, and past servings written as the API stores
// them (their reservations can no longer be made through it) for the rating window.
import { Timestamp } from 'firebase-admin/firestore';
import { defaultHostelTimeZone, hostelDate } from '@hostelhub/contracts';
import { call, db } from './emulators.js';
import { seedTitledMeal } from './meals.js';

const minuteMs = 60_000;
export const hourMs = 60 * minuteMs;
const timeZone = process.env.HOSTEL_TIME_ZONE || defaultHostelTimeZone;

/**
 * A serving stored as the API stores one: started `startedMsAgo` ago, lasting `lastsMs`, its
 * cutoff `cutoffInMs` from now (ahead: members may still reserve through the API).
 */
export async function storedServing(
  options: {
    startedMsAgo?: number;
    lastsMs?: number;
    cutoffInMs?: number;
    capacity?: number | null;
    reserved?: number;
  } = {},
) {
  const meal = await seedTitledMeal();
  const startsAt = Date.now() - (options.startedMsAgo ?? 10 * minuteMs);
  const date = hostelDate(new Date(startsAt), timeZone);
  const ref = db.collection('servings').doc();
  await ref.set({
    mealId: meal.id,
    mealTitle: meal.title,
    mealImage: '/images/test-meal.jpg',
    mealPrice: 12.5,
    mealCategory: 'Lunch',
    date,
    slot: 'lunch',
    startsAt: Timestamp.fromMillis(startsAt),
    endsAt: Timestamp.fromMillis(startsAt + (options.lastsMs ?? 60 * minuteMs)),
    cutoffAt: Timestamp.fromMillis(Date.now() + (options.cutoffInMs ?? 30 * minuteMs)),
    capacity: options.capacity === undefined ? 40 : options.capacity,
    reserved: options.reserved ?? 0,
    served: 0,
    version: 1,
    createdAt: Timestamp.now(),
    updatedAt: Timestamp.now(),
  });
  return { meal, servingId: ref.id, date };
}

/** Reserves through the API (POST /meal-request) and returns the request's id. */
export async function reserve(token: string, mealId: string, servingId: string): Promise<string> {
  const response = await call('requestMeal', { token, body: { mealId, servingId } });
  if (response.status !== 201) throw new Error(`reserve: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.insertedId as string;
}

/** Serves a request as staff on Serve Meals. */
export async function serve(staffToken: string, requestId: string) {
  const response = await call('serveRequest', { token: staffToken, body: { id: requestId } });
  if (response.status !== 200) throw new Error(`serve: ${response.status} ${JSON.stringify(response.body)}`);
}

/**
 * A reservation of `uid` for a stored serving, written as the API writes one (record and
 * the member's hold), served or still pending: for servings whose cutoff has passed.
 */
export async function storedReservation(servingId: string, uid: string, status: 'pending' | 'served') {
  const serving = (await db.doc(`servings/${servingId}`).get()).data()!;
  const request = db.collection('mealRequests').doc();
  await request.set({
    mealId: serving.mealId,
    mealTitle: serving.mealTitle,
    userUid: uid,
    status,
    servingId,
    servingDate: serving.date,
    servingSlot: serving.slot,
    requestedAt: Timestamp.now(),
    servedAt: status === 'served' ? Timestamp.now() : null,
  });
  await db.doc(`holds/${servingId}_${uid}`).set({ requestId: request.id, servingId, userUid: uid });
  return request.id;
}
