// The counter (ADR 0034): kitchen staff redeem a member's meal pass (passes.ts). Redeeming
// one serves the member's reservation in one transaction, through the same code as Serve
// Meals, or reserves and serves a walk-in in one transaction with the same checks as a
// reservation.
import type { Transaction } from 'firebase-admin/firestore';
import {
  isMember,
  passOpensMinutesBefore,
  type CounterMember,
  type Redemption,
  type RedemptionBody,
  type RedemptionRefusalReason,
  type UserAccount,
} from '@hostelhub/contracts';
import type { AdminActor } from '@hostelhub/contracts';
import { shortCodeFailuresPerMinute } from '../../config.js';
import { currentTime } from '../../lib/clock.js';
import { readEach, typed, type ServingDocument, type UserDocument } from '../../lib/converters/index.js';
import { hallIdOf, hallRef } from '../../lib/halls.js';
import { ApiError } from '../../lib/errors.js';
import { toUserAccount } from '../../lib/profiles.js';
import { createFailureLimit } from '../../lib/rate-limit.js';
import { writeClosing } from '../../lib/requests/lifecycle.js';
import { requestRef, ReservationRefused, type ServedBy } from '../../lib/requests/records.js';
import {
  hostelWallClock,
  holdRef,
  servingKey,
  servingLabel,
  servingOf,
  servingRef,
  type ServingSnapshot,
} from '../../lib/servings.js';
import { isoTime } from '../../lib/timestamps.js';
import { runContendedTransaction } from '../../lib/transactions.js';
import { passMayBeShown, startsAtOf } from './pass-window.js';
import { verifyPass } from './pass-token.js';
import { passCodeRef } from './passes.js';
import { checkReservation } from './reserve.js';
import { countedByDefault } from './default-booking.js';
import { skipRef } from '../../lib/default-booking.js';
import { writeReservation } from './write.js';
import { recordAction } from '../../lib/admin-actions.js';

const userRef = (uid: string) => typed.users().doc(uid);

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
 * 403 when the serving is at a hall the member of staff does not work at (ADR 72): the pass
 * is not spent, and the message names the hall. Staff with no halls, and admins, serve all.
 */
async function refuseOtherHall(
  transaction: Transaction,
  serving: ServingDocument,
  server: UserDocument | undefined,
): Promise<void> {
  const halls = server?.role === 'staff' ? (server.hallIds ?? []) : [];
  const hallId = hallIdOf(serving);
  if (halls.length === 0 || halls.includes(hallId)) return;
  const name = (await transaction.get(hallRef(hallId))).data()?.name ?? 'another hall';
  throw refusal(403, 'other-hall', `This pass is for ${name}: serve it there`);
}

/**
 * POST /redemptions: kitchen staff (`server`) serve the holder of a pass. After the pass's
 * own checks (signature, expiry, serving), one transaction reads the member's reservation of
 * the serving and their profile, refuses (already served, no reservation, membership not
 * current; a walk-in that is full or over quota) or serves: the reservation is served
 * exactly as Serve Meals delivers it. Racing scans of one pass serve it once: the others'
 * transactions run again and find it served. A refusal writes nothing.
 */
export async function redeemPass(
  body: RedemptionBody,
  server: ServedBy,
  now: Date = currentTime(),
  actor?: AdminActor,
): Promise<Redemption> {
  const holder = await passHolder(body, server.uid, now);
  const walkIn = body.walkIn === true;
  // Booked by default at their own hall (ADR 74): served with no reservation, unless skipped.
  const byDefault = await countedByDefault(holder.uid, holder.servingId);
  return runContendedTransaction(
    async (transaction) => {
      // A pass served from its typed short code, not a scan, is logged with the serve (ADR 78):
      // the code could be read out by anyone standing near.
      const served = (redemption: Redemption): Redemption => {
        if ('shortCode' in body && actor) {
          recordAction(transaction, actor, {
            kind: 'pass.redeemedByCode',
            target: {
              type: 'serving',
              id: redemption.servingId,
              label: `${redemption.member.name}: ${redemption.meal.title}`,
            },
            before: null,
            after: { shortCode: body.shortCode, member: holder.uid, walkIn: redemption.walkIn },
          });
        }
        return redemption;
      };
      // The reservation the pass names is read with the rest: one round trip for a serve,
      // which a rush at the counter makes one after another (another when it was replaced).
      const [serving, hold, profileDoc, named, serverDoc] = await readEach(
        transaction,
        servingRef(holder.servingId),
        holdRef(holder.servingId, holder.uid),
        userRef(holder.uid),
        requestRef(holder.requestId ?? '-'),
        userRef(server.uid),
      );
      const stored = serving.data();
      const profileStored = profileDoc.data();
      if (!stored || !profileStored) throw invalidPass();
      await refuseOtherHall(transaction, stored, serverDoc.data());
      const profile = toUserAccount(holder.uid, profileStored, now);
      const member = counterMemberOf(profile);
      const heldId = hold.data()?.requestId;
      const request =
        heldId === undefined ? undefined : heldId === named.id ? named : await transaction.get(requestRef(heldId));
      const held = request?.data();
      const status = held?.status;
      const meal = { _id: stored.mealId, title: stored.mealTitle ?? '' };
      const counts = { served: stored.served ?? 0, reserved: stored.reserved ?? 0 };

      if (status === 'served') {
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
        // An offline pass lasts until its serving ends (ADR 79): served only once it opens.
        if (!passMayBeShown(serving, now)) {
          const opens = new Date(startsAtOf(serving).getTime() - passOpensMinutesBefore * 60_000);
          throw refusal(409, 'not-open', `This pass opens at ${hostelWallClock(opens).time}`, { member });
        }
        if (!isMember(profile, now)) {
          throw refusal(403, 'membership', `${member.name}'s membership is not current`, { member });
        }
        // Serving needs only the serving of what closing reads (readForClosing): the quota lock
        // and the member's hold change only when a request is cancelled, and a reservation
        // holds no pending lock (those are the undated requests').
        writeClosing(
          transaction,
          request,
          { serving, pending: undefined, lock: undefined, hold: undefined },
          { status: 'served', server },
        );
        return served({
          member,
          meal,
          servingId: serving.id,
          servedAt: now.toISOString(),
          walkIn: false,
          ...counts,
          served: counts.served + 1,
        });
      }

      // No reservation (none, or cancelled).
      const membershipCurrent = isMember(profile, now);
      const skipped = byDefault && (await transaction.get(skipRef(serving.id, holder.uid))).exists;
      if (byDefault && membershipCurrent && !skipped && passMayBeShown(serving, now)) {
        let plan: Awaited<ReturnType<typeof checkReservation>>;
        try {
          plan = await checkReservation(transaction, meal._id, serving.id, requester, now, {
            walkIn: true,
            byDefault: true,
          });
        } catch (error) {
          // On leave that day, or the kitchen closed: refused as a walk-in would be.
          if (error instanceof ApiError) throw refusal(409, 'no-reservation', error.message, { member });
          throw error;
        }
        if (!plan.ok) throw refusal(409, 'already-served', plan.message, { member });
        writeReservation(transaction, plan, server);
        return served({
          member,
          meal,
          servingId: serving.id,
          servedAt: now.toISOString(),
          walkIn: false,
          ...counts,
          served: counts.served + 1,
        });
      }
      if (skipped && !walkIn) {
        throw refusal(409, 'no-reservation', `${member.name} skipped ${servingLabel(serving)}`, {
          walkInAllowed: membershipCurrent && (await walkInPossible(transaction, serving, requester, now)),
          member,
        });
      }
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
      return served({
        member,
        meal,
        servingId: serving.id,
        servedAt: now.toISOString(),
        walkIn: true,
        served: counts.served + 1,
        reserved: counts.reserved + 1,
      });
    },
    // Two counters scanning one pass at once run one after the other here (on another
    // instance: the loser's transaction runs again); the second is refused.
    // A walk-in claims a place (ADR 0056), which another instance may claim at the same moment.
    { key: servingKey(holder.servingId), claims: true },
  );
}
