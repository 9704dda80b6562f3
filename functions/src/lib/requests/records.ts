// What every meal request shares, undated or a reservation, pending or closed: its documents
// (the record, the pending and holds, the quota lock), the checks of the quota and
// the day's cancel cap, the record's fields, and what a request made or closed counts in the
// rollups and the member's notices.
import {
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type QuerySnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  cancelCapMessage,
  hostelDate,
  mealSlotLabels,
  quotaExceededMessage,
  requesterSearchTokens,
  weekStart,
  type UserAccount,
} from '@hostelhub/contracts';
import { typed, type MealDocument, type MealRequestDocument, type RequestQuotaDocument } from '../converters/index.js';
import { ApiError } from '../errors.js';
import { notices, rateServingNoticeId, requestServedNoticeId, writeNotification } from '../notifications.js';
import {
  countNewRequest,
  countOutcomeChange,
  outcomeOf,
  requestFactsOf,
  RollupChanges,
  type RequestFacts,
} from '../rollups.js';
import { hostelTimeZone, mealRequestCancelsPerDay } from '../../config.js';
import { entitlementsOf } from '../entitlements.js';
import { slotOf, type ServingSnapshot } from '../servings.js';
import { countedRequestsOfUserInWeek } from './queries.js';

export const requestRef = (id: string) => typed.mealRequests().doc(id);

/** A meal request as read. */
export type RequestSnapshot = DocumentSnapshot<MealRequestDocument>;

/**
 * A reservation refused for a reason the counter names (a walk-in that cannot be served):
 * the serving is full, or the member's weekly quota is used. To every other caller it is an
 * ordinary ApiError: the same status and `{message}`.
 */
export class ReservationRefused extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly reason: 'full' | 'quota',
  ) {
    super(status, message);
  }
}

/** Who served a request, as the counter's "already served" answer names them. */
export type ServedBy = { uid: string; name: string };

/** The fields a request gets when it is served. */
export const servedFields = (server: ServedBy) => ({
  status: 'served' as const,
  servedAt: FieldValue.serverTimestamp(),
  servedBy: { uid: server.uid, name: server.name },
});

/**
 * The pending lock of one user and meal: `pendingMealRequests/{mealId}_{uid}` holds
 * `{ requestId }` exactly while that request is pending. Request records get ids of their
 * own and are never reused, so a served or cancelled request stays in the history; the
 * slot is what keeps "at most one pending request per user and meal" a single-document
 * check inside a transaction (ADR 0010).
 */
export const pendingLockIdFor = (mealId: string, uid: string) => `${mealId}_${uid}`;
export const pendingLockRef = (mealId: string, uid: string) =>
  typed.pendingMealRequests().doc(pendingLockIdFor(mealId, uid));

/** A request made, or not made: `requestId` names the request the member holds already. */
export type RequestOutcome =
  { created: true; insertedId: string } | { created: false; message?: string; requestId?: string };

/** The Monday `YYYY-MM-DD` of the quota week `now` is in (hostel time). */
export const quotaWeekOf = (now: Date) => hostelDate(weekStart(now, hostelTimeZone()), hostelTimeZone());

/**
 * `requestQuotas/{uid}`: the member's lock for the weekly quota (ADR 0014) and the count of
 * requests they cancelled on `cancelsOn` (a hostel date), which caps request/cancel cycles.
 */
export const quotaLockRef = (uid: string) => typed.requestQuotas().doc(uid);

type QuotaLockSnapshot = DocumentSnapshot<RequestQuotaDocument>;

/** Requests cancelled on the hostel's current date, from the lock as read. */
function cancelsToday(lock: QuotaLockSnapshot | undefined, now: Date): number {
  const stored = lock?.data();
  if (stored?.cancelsOn !== hostelDate(now, hostelTimeZone())) return 0;
  const count = stored.cancels ?? 0;
  return count > 0 ? count : 0;
}

/** Counts one more cancellation today on the lock, in the cancelling transaction. */
export function countCancellation(transaction: Transaction, lock: QuotaLockSnapshot, now: Date) {
  transaction.set(
    lock.ref,
    {
      cancelsOn: hostelDate(now, hostelTimeZone()),
      cancels: cancelsToday(lock, now) + 1,
      updatedAt: FieldValue.serverTimestamp(),
    },
    { merge: true },
  );
}

export type Requester = { uid: string; email: string; profile: UserAccount };

/**
 * The checks every request shares, on the documents its transaction read: the day's cancel
 * cap (429) and the quota of the week the request counts in (429), from the member's counted
 * requests of that week (readCounted). Returns the package's entitlements for the record.
 */
export function checkCancelsAndQuota(
  pack: DocumentSnapshot | undefined,
  lock: QuotaLockSnapshot | undefined,
  counted: QuerySnapshot<MealRequestDocument> | undefined,
  now: Date,
) {
  const cancelsPerDay = mealRequestCancelsPerDay();
  if (cancelsToday(lock, now) >= cancelsPerDay) throw new ApiError(429, cancelCapMessage(cancelsPerDay));
  const entitlements = entitlementsOf(pack);
  const limit = entitlements.weeklyRequestLimit;
  if (limit !== null && (counted?.size ?? 0) >= limit) {
    throw new ReservationRefused(429, quotaExceededMessage(limit), 'quota');
  }
  return entitlements;
}

/**
 * A limited member's counted requests of `quotaWeek`, read in the transaction: at most
 * `limit` documents, no more than decide it (one for a limit of 0, which Firestore would not
 * take as a query limit). Undefined for a package without a limit.
 */
export function readCounted(
  transaction: Transaction,
  uid: string,
  pack: DocumentSnapshot | undefined,
  quotaWeek: string,
): Promise<QuerySnapshot<MealRequestDocument>> | undefined {
  const limit = entitlementsOf(pack).weeklyRequestLimit;
  if (limit === null) return undefined;
  return transaction.get(countedRequestsOfUserInWeek(uid, quotaWeek).limit(Math.max(limit, 1)));
}

/** The fields of a new request record, undated or a reservation. */
export function newRequestRecord(
  mealId: string,
  meal: DocumentSnapshot<MealDocument>,
  requester: Requester,
  priority: boolean,
  quotaWeek: string,
  now: Date,
) {
  const userName = requester.profile.name;
  return {
    mealId,
    mealTitle: meal.data()?.title ?? '',
    userUid: requester.uid,
    userEmail: requester.email,
    userName,
    status: 'pending' as const,
    priority,
    quotaWeek,
    // The API's clock rather than the server timestamp: the rollups count the request on
    // this instant's day in the same transaction (ADR 0036).
    requestedAt: Timestamp.fromDate(now),
    servedAt: null,
    cancelledAt: null,
    searchTokens: requesterSearchTokens(userName, requester.email),
  };
}

/** A request made counts in the insights' rollups in its own transaction (ADR 0036). */
export function countRequestMade(transaction: Transaction, request: RequestFacts) {
  const changes = new RollupChanges();
  countNewRequest(changes, request);
  changes.writeTo(transaction);
}

/**
 * A request's outcome changed (served, cancelled, a serve undone): counted in the same
 * transaction. A reservation pending after its serving's no-shows were counted was counted
 * "not collected", so serving it late or undoing its serve moves it from or back to there.
 */
export function countRequestOutcome(
  transaction: Transaction,
  request: RequestSnapshot,
  to: 'served' | 'cancelled' | 'pending',
  serving?: ServingSnapshot,
) {
  const noShowsCounted = Boolean(serving?.data()?.noShowsCountedAt);
  const changes = new RollupChanges();
  const stored = request.data();
  countOutcomeChange(
    changes,
    requestFactsOf(stored ?? {}),
    outcomeOf(stored?.status, noShowsCounted),
    outcomeOf(to, noShowsCounted),
  );
  changes.writeTo(transaction);
}

/** The member's "served" notice, written once per request in the transaction that serves it. */
export function noticeOfServe(
  transaction: Transaction,
  userUid: string,
  requestId: string,
  mealTitle: string | undefined,
  serving?: ServingSnapshot,
) {
  writeNotification(transaction, userUid, requestServedNoticeId(requestId), notices.requestServed(mealTitle ?? ''));
  // A reservation served: the bell asks how the meal was (rated through POST /servings/{id}/rating).
  if (serving?.exists) {
    writeNotification(
      transaction,
      userUid,
      rateServingNoticeId(requestId),
      notices.rateServing(mealSlotLabels[slotOf(serving)], mealTitle ?? ''),
    );
  }
}
