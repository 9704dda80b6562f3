// The counter (ADR 0034): meal passes for members, and their redemption by kitchen staff.
// A pass is a signed token (the QR code) and a short code stored with its serving (read
// aloud); redeeming one serves the member's reservation in one transaction, through the same
// code as Serve Meals, or reserves and serves a walk-in in one transaction with the same checks
// as a reservation.
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import {
  hostelDate,
  isMember,
  membershipRequiredMessage,
  passLifetimeSeconds,
  passOpensMinutesBefore,
  type CounterMember,
  type CurrentPasses,
  type MealPass,
  type Redemption,
  type RedemptionBody,
  type RedemptionRefusalReason,
  type UserAccount,
} from '@hostelhub/contracts';
import { hostelTimeZone, shortCodeFailuresPerMinute } from '../../config.js';
import type { TokenClaims } from '../../lib/api-token.js';
import { readAll, readEach, typed } from '../../lib/converters/index.js';
import { ApiError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { toUserAccount } from '../../lib/profiles.js';
import { createFailureLimit } from '../../lib/rate-limit.js';
import {
  hostelWallClock,
  reservationSlotRef,
  servingKey,
  servingLabel,
  servingOf,
  servingRef,
  slotOf,
  type ServingSnapshot,
} from '../../lib/servings.js';
import { isoTime } from '../../lib/timestamps.js';
import { runContendedTransaction } from '../../lib/transactions.js';
import { upcomingReservationsOfUser } from './queries.js';
import { writeClosing } from './lifecycle.js';
import { requestRef, ReservationRefused, type Server } from './records.js';
import { checkReservation, writeReservation } from './reservations.js';
import { newShortCode, signPass, verifyPass } from './pass-token.js';
import { currentTime } from '../../lib/clock.js';

/** `passCodes/{servingId}_{code}`: a short code is only ever looked up with its serving. */
const passCodeRef = (servingId: string, code: string) => typed.passCodes().doc(`${servingId}_${code}`);
const userRef = (uid: string) => typed.users().doc(uid);

const minuteMs = 60_000;

/** A refused redemption: the status, the reason the counter shows in big letters, and the details. */
function refusal(
  status: number,
  reason: RedemptionRefusalReason,
  message: string,
  details: { servedAt?: string; servedBy?: string; walkInAllowed?: boolean; member?: CounterMember } = {},
): ApiError {
  return new ApiError(status, message, { reason, ...details });
}

const invalidPass = () => refusal(400, 'invalid', 'This pass is not valid: ask the member to show it again');
const expiredPass = () => refusal(410, 'expired', 'This pass has expired: ask the member to show it again');

const startsAtOf = (serving: ServingSnapshot) => new Date(isoTime(servingOf(serving).startsAt) ?? 0);
const endsAtOf = (serving: ServingSnapshot) => new Date(isoTime(servingOf(serving).endsAt) ?? 0);

/** Whether a serving's pass may be shown (and a walk-in served) at `now`: open, or opening within the hour. */
function passMayBeShown(serving: ServingSnapshot, now: Date): boolean {
  const opens = startsAtOf(serving).getTime() - passOpensMinutesBefore * minuteMs;
  return now.getTime() >= opens && now.getTime() < endsAtOf(serving).getTime();
}

/** 409 unless the serving's pass may be shown now, saying when it may. */
function assertPassWindow(serving: ServingSnapshot, now: Date) {
  if (now.getTime() >= endsAtOf(serving).getTime()) throw conflict(`${servingLabel(serving)} has ended`);
  if (!passMayBeShown(serving, now)) {
    const opens = new Date(startsAtOf(serving).getTime() - passOpensMinutesBefore * minuteMs);
    throw conflict(`The meal pass for ${servingLabel(serving)} opens at ${hostelWallClock(opens).time}`);
  }
}

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
    if (stored.status === 'delivered') throw conflict('This reservation has been served');
    if (stored.status !== 'pending') throw conflict('This reservation was cancelled');
    const serving = await servingRef(servingId).get();
    if (!serving.exists) throw notFound('Serving not found');
    assertPassWindow(serving, now);
    return issuePass(user.uid, serving, request.id, now);
  }
  const [profile, serving, slot] = await readEach(
    db,
    userRef(user.uid),
    servingRef(body.servingId),
    reservationSlotRef(body.servingId, user.uid),
  );
  if (!profile?.exists || !isMember(toUserAccount(user.uid, profile.data() ?? {}, now), now)) {
    throw new ApiError(402, membershipRequiredMessage);
  }
  if (!serving?.exists) throw notFound('Serving not found');
  assertPassWindow(serving, now);
  let requestId: string | null = null;
  const heldId = slot.data()?.requestId;
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

/** Failed short codes per member of staff (lib/rate-limit.ts): guessing is slow. */
const shortCodeFailures = createFailureLimit('short-code-failures', shortCodeFailuresPerMinute);

/** The member and serving a scanned token or typed short code names, after its checks. */
/** Whose pass it is, for which serving, and the reservation it was shown for (null: a walk-in pass). */
type PassHolder = { uid: string; servingId: string; requestId: string | null };

async function passHolder(body: RedemptionBody, staffUid: string, now: Date): Promise<PassHolder> {
  if ('token' in body) {
    const claims = verifyPass(body.token);
    if (!claims) throw invalidPass();
    if (claims.expiresAt <= now.getTime()) throw expiredPass();
    if (body.servingId && body.servingId !== claims.servingId) {
      throw refusal(409, 'wrong-serving', 'This pass is for another serving');
    }
    return { uid: claims.uid, servingId: claims.servingId, requestId: claims.requestId };
  }
  // Counted before the lookup, so a burst of guesses cannot pass the limit; given back when
  // the code names a real pass (expired or not: it was not guessed).
  const attempt = await shortCodeFailures.countAttempt(staffUid);
  const code = await passCodeRef(body.servingId, body.shortCode).get();
  if (!code.exists) throw refusal(400, 'invalid', `No pass with the code ${body.shortCode} for this serving`);
  await shortCodeFailures.forgive(staffUid, attempt);
  const stored = code.data()!;
  if (stored.expiresAt.toMillis() <= now.getTime()) throw expiredPass();
  return { uid: stored.uid, servingId: body.servingId, requestId: stored.requestId };
}

function counterMemberOf(profile: UserAccount): CounterMember {
  return {
    name: profile.name,
    photoURL: profile.photoURL,
    // Profile photos come only from the member: POST /users, their sign-in provider, or their
    // own edit of the profile (the rules let its owner change photoURL).
    photoSetByMember: profile.photoURL !== null,
    badge: profile.badge,
    avoid: profile.diet.avoid,
  };
}

/** "12:05" in the hostel's time, for "already served at". */
const servedTimeLabel = (iso: string | null) => (iso ? ` at ${hostelWallClock(new Date(iso)).time}` : '');

/**
 * Whether a walk-in could be served now: the serving is in its window, and a reservation
 * would pass its checks (places, quota). Reads only, inside the redemption's transaction.
 */
async function walkInPossible(
  transaction: Transaction,
  serving: ServingSnapshot,
  requester: Parameters<typeof checkReservation>[3],
  now: Date,
): Promise<boolean> {
  if (!passMayBeShown(serving, now)) return false;
  try {
    const plan = await checkReservation(transaction, servingOf(serving).mealId, serving.id, requester, now, {
      walkIn: true,
    });
    return plan.ok;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

/**
 * POST /redemptions: kitchen staff (`server`) serve the holder of a pass. After the pass's
 * own checks (signature, expiry, serving), one transaction reads the member's reservation of
 * the serving and their profile, refuses (already served, no reservation, membership not
 * current; a walk-in that is full or over quota) or serves: the reservation is delivered
 * exactly as Serve Meals delivers it. Racing scans of one pass serve it once: the others'
 * transactions run again and find it served. A refusal writes nothing.
 */
export async function redeemPass(body: RedemptionBody, server: Server, now: Date = currentTime()): Promise<Redemption> {
  const holder = await passHolder(body, server.uid, now);
  const walkIn = body.walkIn === true;
  return runContendedTransaction(
    async (transaction) => {
      // The reservation the pass names is read with the rest: one round trip for a serve,
      // which a rush at the counter makes one after another (another when it was replaced).
      const [serving, slot, profileDoc, named] = await readEach(
        transaction,
        servingRef(holder.servingId),
        reservationSlotRef(holder.servingId, holder.uid),
        userRef(holder.uid),
        requestRef(holder.requestId ?? '-'),
      );
      const stored = serving.data();
      const profileStored = profileDoc.data();
      if (!stored || !profileStored) throw invalidPass();
      const profile = toUserAccount(holder.uid, profileStored, now);
      const member = counterMemberOf(profile);
      const heldId = slot.data()?.requestId;
      const request =
        heldId === undefined ? undefined : heldId === named.id ? named : await transaction.get(requestRef(heldId));
      const held = request?.data();
      const status = held?.status;
      const meal = { _id: stored.mealId, title: stored.mealTitle ?? '' };
      const counts = { served: stored.served ?? 0, reserved: stored.reserved ?? 0 };

      if (status === 'delivered') {
        const servedAt = isoTime(held?.servedAt);
        const servedBy = held?.servedBy?.name;
        throw refusal(409, 'already-served', `${member.name} was already served${servedTimeLabel(servedAt)}`, {
          ...(servedAt ? { servedAt } : {}),
          ...(typeof servedBy === 'string' ? { servedBy } : {}),
          member,
        });
      }
      const requester = { uid: holder.uid, email: profileStored.email ?? '', profile };
      if (request && status === 'pending') {
        if (!isMember(profile, now)) {
          throw refusal(403, 'membership', `${member.name}'s membership is not current`, { member });
        }
        // Serving needs only the serving of what closing reads (readForClosing): the quota lock
        // and the reservation slot change only when a request is cancelled, and a reservation
        // holds no pending slot (those are the undated requests').
        writeClosing(
          transaction,
          request,
          { serving, slot: undefined, lock: undefined, reservationSlot: undefined },
          { status: 'delivered', server },
        );
        return {
          member,
          meal,
          servingId: serving.id,
          servedAt: now.toISOString(),
          walkIn: false,
          ...counts,
          served: counts.served + 1,
        };
      }

      // No reservation (none, or cancelled).
      const membershipCurrent = isMember(profile, now);
      if (!walkIn) {
        const walkInAllowed = membershipCurrent && (await walkInPossible(transaction, serving, requester, now));
        throw refusal(409, 'no-reservation', `${member.name} has no reservation for ${servingLabel(serving)}`, {
          walkInAllowed,
          member,
        });
      }
      if (!membershipCurrent)
        throw refusal(403, 'membership', `${member.name}'s membership is not current`, { member });
      if (!passMayBeShown(serving, now)) {
        throw refusal(409, 'no-reservation', `Walk-ins are served only while ${servingLabel(serving)} is open`, {
          walkInAllowed: false,
          member,
        });
      }
      let plan: Awaited<ReturnType<typeof checkReservation>>;
      try {
        plan = await checkReservation(transaction, meal._id, serving.id, requester, now, { walkIn: true });
      } catch (error) {
        if (error instanceof ReservationRefused) throw refusal(409, error.reason, error.message, { member });
        throw error;
      }
      if (!plan.ok) throw refusal(409, 'already-served', plan.message, { member });
      writeReservation(transaction, plan, server);
      return {
        member,
        meal,
        servingId: serving.id,
        servedAt: now.toISOString(),
        walkIn: true,
        served: counts.served + 1,
        reserved: counts.reserved + 1,
      };
    },
    // Two counters scanning one pass at once run one after the other here (on another
    // instance: the loser's transaction runs again); the second is refused.
    // A walk-in claims a place (ADR 0056), which another instance may claim at the same moment.
    { key: servingKey(holder.servingId), claims: true },
  );
}
