// Meal passes (ADR 0034): a signed token (the QR code) and a short code stored with its serving
// (read aloud), for a member's reservation or a walk-in; and the passes a member may show now.
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  hostelDate,
  isMember,
  membershipRequiredMessage,
  offlinePassAheadHours,
  passLifetimeSeconds,
  type CurrentPasses,
  type MealPass,
  type OfflinePasses,
} from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import type { TokenClaims } from '../../lib/api-token.js';
import { currentTime } from '../../lib/clock.js';
import { readAll, readEach, typed } from '../../lib/converters/index.js';
import { ApiError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { toUserAccount } from '../../lib/profiles.js';
import { upcomingReservationsOfUser } from '../../lib/requests/queries.js';
import { requestRef } from '../../lib/requests/records.js';
import { holdRef, servingOf, servingRef, slotOf, type ServingSnapshot } from '../../lib/servings.js';
import { approvedLeaveOn, onLeaveMessage } from '../../lib/leave.js';
import { defaultHallIn, skipRef } from '../../lib/default-booking.js';
import { hallIdOf } from '../../lib/halls.js';
import { readMealSettings } from '../../lib/meal-settings.js';
import { assertPassWindow, endsAtOf, passMayBeShown, startsAtOf } from './pass-window.js';
import { newShortCode, signPass } from './pass-token.js';

/** `passCodes/{servingId}_{code}`: a short code is only ever looked up with its serving. */
export const passCodeRef = (servingId: string, code: string) => typed.passCodes().doc(`${servingId}_${code}`);
const userRef = (uid: string) => typed.users().doc(uid);

const minuteMs = 60_000;

type CodeClaims = { uid: string; servingId: string; requestId: string | null; nonce: string; expiresAt: number };

/**
 * Takes a short code no live pass of the serving holds, in the caller's transaction (a clash
 * draws another; a retried transaction draws afresh), and stores it with the pass's claims.
 */
async function drawShortCode(transaction: Transaction, claims: CodeClaims, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = newShortCode();
    const existing = await transaction.get(passCodeRef(claims.servingId, code));
    const heldUntil = existing.data()?.expiresAt.toMillis();
    if (heldUntil !== undefined && heldUntil > now.getTime()) continue;
    transaction.set(passCodeRef(claims.servingId, code), {
      uid: claims.uid,
      servingId: claims.servingId,
      requestId: claims.requestId,
      nonce: claims.nonce,
      // Firestore's TTL policy on passCodes.expiresAt deletes spent codes (docs/security.md).
      expiresAt: Timestamp.fromMillis(claims.expiresAt),
      createdAt: Timestamp.fromDate(now),
    });
    return code;
  }
  throw new ApiError(503, 'No short code is free right now: try again');
}

/** Signs a pass of `passLifetimeSeconds` and stores its short code with the serving. */
async function issuePass(uid: string, serving: ServingSnapshot, requestId: string | null, now: Date) {
  const expiresAt = now.getTime() + passLifetimeSeconds * 1000;
  const { token, nonce } = signPass({ uid, servingId: serving.id, requestId, expiresAt });
  const shortCode = await db.runTransaction((transaction) =>
    drawShortCode(transaction, { uid, servingId: serving.id, requestId, nonce, expiresAt }, now),
  );
  return {
    token,
    shortCode,
    expiresAt: new Date(expiresAt).toISOString(),
    servingId: serving.id,
    requestId,
  } satisfies MealPass;
}

/**
 * POST /passes. `requestId`: a pass for the caller's own pending reservation, from an hour
 * before its serving until it ends. `servingId`: a walk-in pass (members only) for a serving
 * in that same window; it names the member's reservation when they hold one after all.
 */
export async function createPass(
  user: TokenClaims,
  body: { requestId: string } | { servingId: string },
  now: Date = currentTime(),
): Promise<MealPass> {
  if ('requestId' in body) {
    const request = await requestRef(body.requestId).get();
    const stored = request.data();
    if (!stored) throw notFound('Meal request not found');
    if (stored.userUid !== user.uid) throw forbidden('This meal request is not yours');
    const { servingId } = stored;
    if (servingId === undefined) throw conflict('Only a reservation for a serving has a meal pass');
    if (stored.status === 'served') throw conflict('This reservation has been served');
    if (stored.status !== 'pending') throw conflict('This reservation was cancelled');
    const serving = await servingRef(servingId).get();
    if (!serving.exists) throw notFound('Serving not found');
    assertPassWindow(serving, now);
    return issuePass(user.uid, serving, request.id, now);
  }
  const [profile, serving, hold] = await readEach(
    db,
    userRef(user.uid),
    servingRef(body.servingId),
    holdRef(body.servingId, user.uid),
  );
  if (!profile?.exists || !isMember(toUserAccount(user.uid, profile.data() ?? {}, now), now)) {
    throw new ApiError(402, membershipRequiredMessage);
  }
  if (!serving?.exists) throw notFound('Serving not found');
  assertPassWindow(serving, now);
  // No walk-in pass on a day of approved leave (ADR 74); a reservation it kept still has its pass.
  const leave = hold.data() ? undefined : await approvedLeaveOn(user.uid, servingOf(serving).date);
  if (leave) throw conflict(onLeaveMessage(leave));
  let requestId: string | null = null;
  const heldId = hold.data()?.requestId;
  if (heldId !== undefined) {
    const held = await requestRef(heldId).get();
    if (held.data()?.status === 'pending') requestId = held.id;
  }
  return issuePass(user.uid, serving, requestId, now);
}

/** A reservation's entry of the pass lists: its serving's slot, times and meal. */
function passItem(request: { id: string; data(): { mealTitle?: string } }, serving: ServingSnapshot) {
  const servingStored = serving.data()!;
  return {
    requestId: request.id,
    servingId: serving.id,
    slot: slotOf(serving),
    startsAt: startsAtOf(serving).toISOString(),
    endsAt: endsAtOf(serving).toISOString(),
    meal: {
      _id: servingStored.mealId,
      title: servingStored.mealTitle ?? request.data().mealTitle ?? '',
      image: servingStored.mealImage ?? '',
    },
  };
}

/** How many upcoming reservations GET /passes/current looks through. */
const currentPassesScan = 20;

/** GET /passes/current: the caller's pending reservations whose pass may be shown now. */
export async function currentPasses(uid: string, now: Date = currentTime()): Promise<CurrentPasses> {
  // A serving open now, or within the hour, is on today's date or (just before midnight) tomorrow's.
  const since = hostelDate(new Date(now.getTime() - 24 * 60 * minuteMs), hostelTimeZone());
  const [reservations, counted] = await Promise.all([
    upcomingReservationsOfUser(uid, since).limit(currentPassesScan).get(),
    countedServingsOpenNow(uid, now),
  ]);
  const servingIds = [...new Set(reservations.docs.map((doc) => String(doc.data().servingId)))];
  const servings = new Map((await readAll(servingIds.map(servingRef))).map((doc) => [doc.id, doc]));
  const items = reservations.docs.flatMap((request) => {
    const serving = servings.get(String(request.data().servingId));
    if (!serving?.exists || !passMayBeShown(serving, now)) return [];
    return [passItem(request, serving)];
  });
  const held = new Set(items.map((item) => item.servingId));
  const byDefault = counted.filter((item) => !held.has(item.servingId));
  return { items: [...items, ...byDefault].sort((a, b) => a.startsAt.localeCompare(b.startsAt)) };
}

/**
 * Under default booking (ADR 74): the servings of the member's hall whose pass may be shown
 * now, which they did not skip, on a day they are not on leave. None where members reserve.
 */
async function countedServingsOpenNow(uid: string, now: Date): Promise<CurrentPasses['items']> {
  const [{ booking }, profile] = await Promise.all([readMealSettings(), typed.users().doc(uid).get()]);
  const stored = profile.data();
  if (booking !== 'default' || !stored || !isMember(toUserAccount(uid, stored, now), now)) return [];
  const dates = [
    ...new Set([
      hostelDate(now, hostelTimeZone()),
      hostelDate(new Date(now.getTime() + 60 * minuteMs), hostelTimeZone()),
    ]),
  ];
  const servings = (await typed.servings().where('date', 'in', dates).get()).docs.filter(
    (serving) =>
      passMayBeShown(serving, now) &&
      defaultHallIn(stored, serving.data().date.slice(0, 7)) === hallIdOf(serving.data()),
  );
  if (servings.length === 0) return [];
  const [skips, leaves] = await Promise.all([
    readAll(servings.map((serving) => skipRef(serving.id, uid))),
    Promise.all(servings.map((serving) => approvedLeaveOn(uid, serving.data().date))),
  ]);
  return servings
    .filter((_, index) => !skips[index]?.exists && !leaves[index])
    .map((serving) => {
      const data = serving.data();
      return {
        requestId: null,
        servingId: serving.id,
        slot: slotOf(serving),
        startsAt: startsAtOf(serving).toISOString(),
        endsAt: endsAtOf(serving).toISOString(),
        meal: { _id: data.mealId, title: data.mealTitle ?? '', image: data.mealImage ?? '' },
      };
    });
}

/**
 * The offline pass of one reservation (ADR 79): signed until its serving ends, its short code
 * drawn once and kept on the reservation, so asking again signs the very same pass and writes
 * nothing. Null when the reservation is no longer pending.
 */
async function offlinePassOf(uid: string, requestId: string, serving: ServingSnapshot, now: Date) {
  const expiresAt = endsAtOf(serving).getTime();
  return db.runTransaction(async (transaction) => {
    const request = await transaction.get(requestRef(requestId));
    const stored = request.data();
    if (!stored || stored.userUid !== uid || stored.status !== 'pending') return null;
    const kept = stored.offlinePass;
    if (kept && kept.expiresAt.toMillis() === expiresAt) {
      const { token } = signPass({ uid, servingId: serving.id, requestId, expiresAt, nonce: kept.nonce });
      return { token, shortCode: kept.shortCode, expiresAt: new Date(expiresAt).toISOString() };
    }
    // None yet, or the serving moved since: a pass of the serving's new end.
    const { token, nonce } = signPass({ uid, servingId: serving.id, requestId, expiresAt });
    const shortCode = await drawShortCode(
      transaction,
      { uid, servingId: serving.id, requestId, nonce, expiresAt },
      now,
    );
    transaction.update(request.ref, {
      offlinePass: { shortCode, nonce, expiresAt: Timestamp.fromMillis(expiresAt) },
    });
    return { token, shortCode, expiresAt: new Date(expiresAt).toISOString() };
  });
}

/**
 * GET /passes/offline (ADR 79): the caller's reservations whose serving ends within
 * offlinePassAheadHours, each with its offline pass, for the pass page to keep on the phone.
 */
export async function offlinePasses(uid: string, now: Date = currentTime()): Promise<OfflinePasses> {
  const since = hostelDate(new Date(now.getTime() - 24 * 60 * minuteMs), hostelTimeZone());
  const reservations = await upcomingReservationsOfUser(uid, since).limit(currentPassesScan).get();
  const servingIds = [...new Set(reservations.docs.map((doc) => String(doc.data().servingId)))];
  const servings = new Map((await readAll(servingIds.map(servingRef))).map((doc) => [doc.id, doc]));
  const horizon = now.getTime() + offlinePassAheadHours * 60 * minuteMs;
  const ahead = reservations.docs.flatMap((request) => {
    const serving = servings.get(String(request.data().servingId));
    if (!serving?.exists) return [];
    const ends = endsAtOf(serving).getTime();
    return ends > now.getTime() && ends <= horizon ? [{ request, serving }] : [];
  });
  const items = await Promise.all(
    ahead.map(async ({ request, serving }) => {
      const pass = await offlinePassOf(uid, request.id, serving, now);
      if (!pass) return null;
      return { ...passItem(request, serving), pass: { ...pass, servingId: serving.id, requestId: request.id } };
    }),
  );
  return {
    items: items
      .filter((item): item is NonNullable<typeof item> => item !== null)
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
  };
}
