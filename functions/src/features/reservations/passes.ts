// Meal passes (ADR 0034): a signed token (the QR code) and a short code stored with its serving
// (read aloud), for a member's reservation or a walk-in; and the passes a member may show now.
import { Timestamp } from 'firebase-admin/firestore';
import {
  hostelDate,
  isMember,
  membershipRequiredMessage,
  passLifetimeSeconds,
  type CurrentPasses,
  type MealPass,
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
import { holdRef, servingRef, slotOf, type ServingSnapshot } from '../../lib/servings.js';
import { assertPassWindow, endsAtOf, passMayBeShown, startsAtOf } from './pass-window.js';
import { newShortCode, signPass } from './pass-token.js';

/** `passCodes/{servingId}_{code}`: a short code is only ever looked up with its serving. */
export const passCodeRef = (servingId: string, code: string) => typed.passCodes().doc(`${servingId}_${code}`);
const userRef = (uid: string) => typed.users().doc(uid);

const minuteMs = 60_000;

/**
 * Signs a pass and stores its short code with the serving, in a transaction that takes a
 * code no live pass of that serving holds (a clash draws another; a retried transaction
 * draws afresh).
 */
async function issuePass(uid: string, serving: ServingSnapshot, requestId: string | null, now: Date) {
  const expiresAt = now.getTime() + passLifetimeSeconds * 1000;
  const { token, nonce } = signPass({ uid, servingId: serving.id, requestId, expiresAt });
  const shortCode = await db.runTransaction(async (transaction) => {
    for (let attempt = 0; attempt < 8; attempt++) {
      const code = newShortCode();
      const existing = await transaction.get(passCodeRef(serving.id, code));
      const heldUntil = existing.data()?.expiresAt.toMillis();
      if (heldUntil !== undefined && heldUntil > now.getTime()) continue;
      transaction.set(passCodeRef(serving.id, code), {
        uid,
        servingId: serving.id,
        requestId,
        nonce,
        // Firestore's TTL policy on passCodes.expiresAt deletes spent codes (docs/security.md).
        expiresAt: Timestamp.fromMillis(expiresAt),
        createdAt: Timestamp.fromDate(now),
      });
      return code;
    }
    throw new ApiError(503, 'No short code is free right now: try again');
  });
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
  let requestId: string | null = null;
  const heldId = hold.data()?.requestId;
  if (heldId !== undefined) {
    const held = await requestRef(heldId).get();
    if (held.data()?.status === 'pending') requestId = held.id;
  }
  return issuePass(user.uid, serving, requestId, now);
}

/** How many upcoming reservations GET /passes/current looks through. */
const currentPassesScan = 20;

/** GET /passes/current: the caller's pending reservations whose pass may be shown now. */
export async function currentPasses(uid: string, now: Date = currentTime()): Promise<CurrentPasses> {
  // A serving open now, or within the hour, is on today's date or (just before midnight) tomorrow's.
  const since = hostelDate(new Date(now.getTime() - 24 * 60 * minuteMs), hostelTimeZone());
  const reservations = await upcomingReservationsOfUser(uid, since).limit(currentPassesScan).get();
  if (reservations.empty) return { items: [] };
  const servingIds = [...new Set(reservations.docs.map((doc) => String(doc.data().servingId)))];
  const servings = new Map((await readAll(servingIds.map(servingRef))).map((doc) => [doc.id, doc]));
  const items = reservations.docs.flatMap((request) => {
    const stored = request.data();
    const serving = servings.get(String(stored.servingId));
    const servingStored = serving?.data();
    if (!serving || !servingStored || !passMayBeShown(serving, now)) return [];
    return [
      {
        requestId: request.id,
        servingId: serving.id,
        slot: slotOf(serving),
        startsAt: startsAtOf(serving).toISOString(),
        endsAt: endsAtOf(serving).toISOString(),
        meal: {
          _id: servingStored.mealId,
          title: servingStored.mealTitle ?? stored.mealTitle ?? '',
          image: servingStored.mealImage ?? '',
        },
      },
    ];
  });
  return { items: items.sort((a, b) => a.startsAt.localeCompare(b.startsAt)) };
}
