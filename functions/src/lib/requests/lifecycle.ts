// A request's life after it is made: the owner cancels it, the kitchen serves it (Serve Meals
// and the counter share writeClosing), and a serve made by mistake is undone. A reservation's
// serving counts move in the same transaction.
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { serveUndoExpiredMessage, serveUndoWindowSeconds, type Modified } from '@hostelhub/contracts';
import {
  readEach,
  type PendingMealRequestDocument,
  type RequestQuotaDocument,
  type HoldDocument,
} from '../converters/index.js';
import { ApiError, conflict, forbidden, notFound } from '../errors.js';
import { deleteNotification, rateServingNoticeId, requestServedNoticeId } from '../notifications.js';
import { emails } from '../emails.js';
import { prepareMail, writeMailIn } from '../mail.js';
import { mailRecipientIfReachable } from '../mail-recipients.js';
import { runContendedTransaction } from '../transactions.js';
import {
  cutoffOf,
  reservationsClosedMessage,
  holdRef,
  servingKey,
  servingOf,
  servingRef,
  type ServingSnapshot,
} from '../servings.js';
import { hallSwitchRef } from '../halls.js';
import { placeRef } from '../serving-places.js';
import {
  countCancellation,
  countRequestOutcome,
  noticeOfServe,
  pendingLockRef,
  quotaLockRef,
  requestRef,
  servedFields,
  type RequestSnapshot,
  type ServedBy,
} from './records.js';
import { currentTime } from '../clock.js';

/** What closing a request reads, before any write of its transaction. */
export type ClosingReads = {
  pending: DocumentSnapshot<PendingMealRequestDocument> | undefined;
  lock: DocumentSnapshot<RequestQuotaDocument> | undefined;
  serving: ServingSnapshot | undefined;
  hold: DocumentSnapshot<HoldDocument> | undefined;
};

/** The stored request of a snapshot its transaction found. */
function requestOf(request: RequestSnapshot) {
  const stored = request.data();
  if (!stored) throw notFound('Meal request not found');
  return stored;
}

/** Reads what closing `request` changes: its pending lock, quota lock, serving and the member's hold. */
export async function readForClosing(transaction: Transaction, request: RequestSnapshot): Promise<ClosingReads> {
  const { userUid, servingId, mealId } = requestOf(request);
  if (servingId === undefined) {
    const [pending, lock] = await readEach(transaction, pendingLockRef(mealId, userUid), quotaLockRef(userUid));
    return { pending, lock, serving: undefined, hold: undefined };
  }
  const [pending, lock, serving, hold] = await readEach(
    transaction,
    pendingLockRef(mealId, userUid),
    quotaLockRef(userUid),
    servingRef(servingId),
    holdRef(servingId, userUid),
  );
  return { pending, lock, serving, hold };
}

type Closing = { status: 'served'; server: ServedBy } | { status: 'cancelled' };

/**
 * Moves a pending request to its final status with the time it happened, and frees the
 * pending lock if this request holds it. For a reservation the serving's counts move in the
 * same transaction: serving bumps `served`; cancelling, allowed only before the cutoff (the
 * kitchen cooks from the count), gives the place back and frees the member's hold. Serve
 * Meals and the counter both serve through here.
 */
export function writeClosing(
  transaction: Transaction,
  request: RequestSnapshot,
  reads: ClosingReads,
  outcome: Closing,
) {
  const id = request.id;
  const stored = requestOf(request);
  const { userUid } = stored;
  const { pending, lock, serving, hold } = reads;
  const now = currentTime();
  if (serving?.exists && outcome.status === 'cancelled' && now.getTime() >= cutoffOf(serving).getTime()) {
    throw conflict(`${reservationsClosedMessage(serving)}: the kitchen has cooked, so it can no longer be cancelled`);
  }
  transaction.update(
    request.ref,
    outcome.status === 'served'
      ? servedFields(outcome.server)
      : { status: 'cancelled', cancelledAt: FieldValue.serverTimestamp() },
  );
  if (pending?.data()?.requestId === id) transaction.delete(pending.ref);
  if (outcome.status === 'cancelled' && lock) countCancellation(transaction, lock, now);
  countRequestOutcome(transaction, request, outcome.status, serving);
  if (serving?.exists) {
    if (outcome.status === 'served') {
      transaction.update(serving.ref, { served: FieldValue.increment(1) });
    } else {
      // Never below zero, even for a record an admin changed by hand.
      transaction.update(serving.ref, { reserved: Math.max(0, (servingOf(serving).reserved ?? 0) - 1) });
      if (hold?.data()?.requestId === id) transaction.delete(hold.ref);
      // The place it held is free again (ADR 0056); one made before places existed held none.
      const { place } = stored;
      if (typeof place === 'number') transaction.delete(placeRef(serving.id, place));
      // A meal at another hall is given back to the member's month (ADR 72).
      if (stored.hallSwitch && stored.servingDate) {
        transaction.update(hallSwitchRef(userUid, stored.servingDate.slice(0, 7)), { count: FieldValue.increment(-1) });
      }
    }
  }
  // A request is served once (it must be pending here), so its notice is written once.
  if (outcome.status === 'served') noticeOfServe(transaction, userUid, id, stored.mealTitle, serving);
}

/**
 * The contended document closing a request writes: a reservation's serving (its counts), read
 * ahead of the transaction only to queue it behind the serving's other writes on this instance.
 */
async function closingKey(id: string): Promise<string | undefined> {
  const servingId = (await requestRef(id).get()).data()?.servingId;
  return servingId === undefined ? undefined : servingKey(servingId);
}

/** Closes a pending request in a transaction of its own; the caller's checks run on the record read here. */
async function closePendingRequest(
  id: string,
  check: (request: RequestSnapshot) => 'close' | 'unchanged',
  outcome: Closing,
  alsoWrite?: (transaction: Transaction, request: RequestSnapshot, reads: ClosingReads) => void,
  options: { countCancel?: boolean } = {},
): Promise<boolean> {
  return runContendedTransaction(
    async (transaction) => {
      const request = await transaction.get(requestRef(id));
      if (!request.exists) throw notFound('Meal request not found');
      if (check(request) === 'unchanged') return false;
      const reads = await readForClosing(transaction, request);
      // Without the quota lock, writeClosing counts no cancel of the member's day.
      writeClosing(
        transaction,
        request,
        options.countCancel === false ? { ...reads, lock: undefined } : reads,
        outcome,
      );
      alsoWrite?.(transaction, request, reads);
      return true;
    },
    { key: await closingKey(id) },
  );
}

/** The owner withdraws a request that has not been served yet. */
export async function cancelRequest(id: string, uid: string): Promise<void> {
  const recipient = await mailRecipientIfReachable(uid);
  await closePendingRequest(
    id,
    (request) => {
      const { userUid, status } = requestOf(request);
      if (userUid !== uid) throw forbidden('This meal request is not yours');
      if (status !== 'pending') throw conflict('Only a pending request can be cancelled');
      return 'close';
    },
    { status: 'cancelled' },
    // A cancelled reservation is told in the cancelling transaction (a request is cancelled once).
    (transaction, request, { serving }) => {
      if (!serving?.exists) return;
      const now = currentTime();
      const reserved = { serving, mealTitle: requestOf(request).mealTitle ?? '', requestId: id };
      writeMailIn(transaction, prepareMail(recipient, emails.reservationCancelled(reserved, now), now));
    },
  );
}

/**
 * A reservation given back because its member's leave was approved (ADR 74): as the owner's
 * cancel, but told once for the whole leave by its decision's email rather than one by one.
 * False when it is no longer pending, or past its cutoff (the kitchen has cooked it: it stays).
 */
export async function withdrawForLeave(id: string): Promise<boolean> {
  try {
    return await closePendingRequest(
      id,
      (request) => (requestOf(request).status === 'pending' ? 'close' : 'unchanged'),
      { status: 'cancelled' },
      undefined,
      // Not the member's own cancel: it does not count against their cancels of the day.
      { countCancel: false },
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return false;
    throw error;
  }
}

/**
 * Kitchen staff or an admin (`server`) serves a request. Serving twice changes nothing; a
 * cancelled request cannot be served.
 */
export async function markDelivered(id: string, server: ServedBy): Promise<{ modifiedCount: number }> {
  const changed = await closePendingRequest(
    id,
    (request) => {
      const { status } = requestOf(request);
      if (status === 'served') return 'unchanged';
      if (status === 'cancelled') throw conflict('This meal request was cancelled');
      return 'close';
    },
    { status: 'served', server },
  );
  return { modifiedCount: changed ? 1 : 0 };
}

/**
 * Takes a serve made by mistake back, within `serveUndoWindowSeconds` of `servedAt` on the
 * server's clock: the request is pending again in its old place in the queue (requestedAt and
 * priority are untouched), holds its pending lock again, and the member's "served" notice is
 * deleted (ADR 0025). The weekly quota counts pending and served alike, so it is unchanged.
 * If the member has requested the same meal again since, the lock is theirs and the serve
 * stays: two pending requests of one member for one meal are never made.
 */
export async function undoServe(id: string): Promise<Modified> {
  return runContendedTransaction(
    async (transaction) => {
      const request = await transaction.get(requestRef(id));
      if (!request.exists) throw notFound('Meal request not found');
      const { servedAt, status, userUid, servingId, mealId } = requestOf(request);
      const withinWindow = servedAt && currentTime().getTime() - servedAt.toMillis() <= serveUndoWindowSeconds * 1000;
      if (status !== 'served' || !withinWindow) throw conflict(serveUndoExpiredMessage);
      if (servingId !== undefined) {
        // A reservation keeps its hold while served; only the serving's count of
        // meals handed out goes back (never below zero).
        const serving = await transaction.get(servingRef(servingId));
        transaction.update(request.ref, { status: 'pending', servedAt: null, servedBy: FieldValue.delete() });
        countRequestOutcome(transaction, request, 'pending', serving);
        if (serving.exists) {
          transaction.update(serving.ref, { served: Math.max(0, (servingOf(serving).served ?? 0) - 1) });
        }
        deleteNotification(transaction, userUid, requestServedNoticeId(id));
        deleteNotification(transaction, userUid, rateServingNoticeId(id));
        return { modifiedCount: 1 };
      }
      const pendingRef = pendingLockRef(mealId, userUid);
      const pending = await transaction.get(pendingRef);
      const heldId = pending.data()?.requestId;
      if (heldId !== undefined && heldId !== id) {
        const held = await transaction.get(requestRef(heldId));
        if (held.data()?.status === 'pending') {
          throw conflict(`${serveUndoExpiredMessage}: the member has requested this meal again`);
        }
      }
      transaction.update(request.ref, { status: 'pending', servedAt: null, servedBy: FieldValue.delete() });
      countRequestOutcome(transaction, request, 'pending');
      transaction.set(pendingRef, { requestId: id, mealId, userUid });
      deleteNotification(transaction, userUid, requestServedNoticeId(id));
      return { modifiedCount: 1 };
    },
    { key: await closingKey(id) },
  );
}
