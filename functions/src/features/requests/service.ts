import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QuerySnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  cancelCapMessage,
  hostelDate,
  isMember,
  mealSlotLabels,
  membershipRequiredMessage,
  mondayOf,
  nextWeekStart,
  servingFullMessage,
  quotaExceededMessage,
  weekStart,
  type RequestQuota,
  normalizeSearch,
  requesterSearchTokens,
  requestStatuses,
  serveUndoExpiredMessage,
  serveUndoWindowSeconds,
  type Modified,
  type Page,
  type RequestedMeal,
  type RequestedMealsQuery,
  type RequestStatus,
  type UserAccount,
} from '@hostelhub/contracts';
import type { TokenClaims } from '../../lib/api-token.js';
import { isStaffOrAdmin } from '../../lib/auth.js';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { collections, db } from '../../lib/firestore.js';
import { readPage } from '../../lib/paging.js';
import {
  deleteNotification,
  notices,
  rateServingNoticeId,
  requestServedNoticeId,
  writeNotification,
} from '../../lib/notifications.js';
import { loadProfile, toDietProfile } from '../../lib/profiles.js';
import { emails } from '../../lib/emails.js';
import { mailRecipientIfReachable, prepareMail, writeMailIn, type MailRecipient } from '../../lib/mail.js';
import { isoTime } from '../../lib/timestamps.js';
import {
  countNewRequest,
  countOutcomeChange,
  outcomeOf,
  requestFactsOf,
  RollupChanges,
  type RequestFacts,
} from '../../lib/rollups.js';
import { hostelTimeZone, mealRequestCancelsPerDay } from '../../config.js';
import { entitlementsOf } from '../../lib/entitlements.js';
import { groupCommits, type Settled } from '../../lib/group-commit.js';
import { runContendedTransaction } from '../../lib/transactions.js';
import {
  closedDayRef,
  cutoffOf,
  dayLabel,
  reservationsClosedMessage,
  servingLabel,
  servingKey,
  servingRef,
  slotOf,
  toReservationServing,
} from '../../lib/servings.js';
import {
  allRequests,
  countedRequestsOfUserInWeek,
  pendingQueue,
  pendingQueueOfServing,
  requestHistory,
  requestsByEmail,
  requestsOfUser,
  upcomingReservationsOfUser,
} from './queries.js';

export const requestRef = (id: string) => db.collection(collections.mealRequests).doc(id);

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
export type Server = { uid: string; name: string };

/** The fields a request gets when it is served. */
const servedFields = (server: Server) => ({
  status: 'delivered',
  servedAt: FieldValue.serverTimestamp(),
  servedBy: { uid: server.uid, name: server.name },
});

/**
 * The pending slot of one user and meal: `pendingMealRequests/{mealId}_{uid}` holds
 * `{ requestId }` exactly while that request is pending. Request records get ids of their
 * own and are never reused, so a delivered or cancelled request stays in the history; the
 * slot is what keeps "at most one pending request per user and meal" a single-document
 * check inside a transaction (ADR 0010).
 */
export const pendingSlotIdFor = (mealId: string, uid: string) => `${mealId}_${uid}`;
const pendingSlotRef = (mealId: string, uid: string) =>
  db.collection(collections.pendingMealRequests).doc(pendingSlotIdFor(mealId, uid));

/** A request made, or not made: `requestId` names the request the member holds already. */
export type RequestOutcome =
  { created: true; insertedId: string } | { created: false; message?: string; requestId?: string };

/**
 * `reservationSlots/{servingId}_{uid}` holds `{ requestId }` while the member's reservation
 * for that serving is pending or served: one reservation per member and serving, checked on
 * one document inside the reserving transaction. Cancelling frees it.
 */
export const reservationSlotRef = (servingId: string, uid: string) =>
  db.collection(collections.reservationSlots).doc(`${servingId}_${uid}`);

/** The Monday `YYYY-MM-DD` of the quota week `now` is in (hostel time). */
const quotaWeekOf = (now: Date) => hostelDate(weekStart(now, hostelTimeZone()), hostelTimeZone());

/**
 * `requestQuotas/{uid}`: the member's lock for the weekly quota (ADR 0014) and the count of
 * requests they cancelled on `cancelsOn` (a hostel date), which caps request/cancel cycles.
 */
const quotaLockRef = (uid: string) => db.collection(collections.requestQuotas).doc(uid);

/** Requests cancelled on the hostel's current date, from the lock as read. */
function cancelsToday(lock: DocumentSnapshot | undefined, now: Date): number {
  if (!lock?.exists || lock.get('cancelsOn') !== hostelDate(now, hostelTimeZone())) return 0;
  const count = lock.get('cancels');
  return typeof count === 'number' && count > 0 ? count : 0;
}

/** Counts one more cancellation today on the lock, in the cancelling transaction. */
function countCancellation(transaction: Transaction, lock: DocumentSnapshot, now: Date) {
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

/**
 * Requesting meals is for members: 402 for anyone without a membership now. The quota and
 * the priority come from the package of the membership held now.
 */
export async function requestMealAsMember(
  mealId: string,
  user: TokenClaims,
  servingId?: string,
  now: Date = new Date(),
): Promise<RequestOutcome> {
  const profile = await loadProfile(user.uid);
  if (!profile || !isMember(profile, now)) throw new ApiError(402, membershipRequiredMessage);
  const requester = { uid: user.uid, email: user.email, profile };
  return servingId ? reserveServing(mealId, servingId, requester, now) : requestMeal(mealId, requester, now);
}

export type Requester = { uid: string; email: string; profile: UserAccount };

/**
 * The checks every request shares, on the documents its transaction read: the day's cancel
 * cap (429) and the quota of the week the request counts in (429), from the member's counted
 * requests of that week (readCounted). Returns the package's entitlements for the record.
 */
function checkCancelsAndQuota(
  pack: DocumentSnapshot | undefined,
  lock: DocumentSnapshot | undefined,
  counted: QuerySnapshot | undefined,
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
function readCounted(
  transaction: Transaction,
  uid: string,
  pack: DocumentSnapshot | undefined,
  quotaWeek: string,
): Promise<QuerySnapshot> | undefined {
  const limit = entitlementsOf(pack).weeklyRequestLimit;
  if (limit === null) return undefined;
  return transaction.get(countedRequestsOfUserInWeek(uid, quotaWeek).limit(Math.max(limit, 1)));
}

/** The fields of a new request record, undated or a reservation. */
function newRequestRecord(
  mealId: string,
  meal: DocumentSnapshot,
  requester: Requester,
  priority: boolean,
  quotaWeek: string,
  now: Date,
) {
  const userName = requester.profile.name;
  return {
    mealId,
    mealTitle: meal.get('title') ?? '',
    userUid: requester.uid,
    userEmail: requester.email,
    userName,
    status: 'pending',
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
function countRequestMade(transaction: Transaction, request: RequestFacts) {
  const changes = new RollupChanges();
  countNewRequest(changes, request);
  changes.writeTo(transaction);
}

/**
 * A request's outcome changed (served, cancelled, a serve undone): counted in the same
 * transaction. A reservation pending after its serving's no-shows were counted was counted
 * "not collected", so serving it late or undoing its serve moves it from or back to there.
 */
function countRequestOutcome(
  transaction: Transaction,
  request: DocumentSnapshot,
  to: 'delivered' | 'cancelled' | 'pending',
  serving?: DocumentSnapshot,
) {
  const noShowsCounted = Boolean(serving?.exists && serving.get('noShowsCountedAt'));
  const changes = new RollupChanges();
  countOutcomeChange(
    changes,
    requestFactsOf(request.data() ?? {}),
    outcomeOf(request.get('status'), noShowsCounted),
    outcomeOf(to, noShowsCounted),
  );
  changes.writeTo(transaction);
}

/**
 * A reservation (ADR 0029): a request for one serving of the meal. Reservations of one
 * serving arriving together on this instance are committed together (ADR 0047): one
 * transaction reads the serving once, with each member's reservation slot, package and quota
 * lock, checks each in turn against the serving (of that meal, open: before its cutoff, not on
 * a closed day; not full) and counts the places taken in `servings/{id}.reserved` with one
 * write. Racing members never take more places than the capacity, a member holds at most one
 * reservation per serving (208 naming it for a second), and the quota counts it in the week of
 * the serving's date. A rush then costs a few transactions on the serving, not one each.
 */
async function reserveServing(
  mealId: string,
  servingId: string,
  requester: Requester,
  now: Date,
): Promise<RequestOutcome> {
  // Read before the transaction: the address and its verification come from Firebase Auth.
  const recipient = await mailRecipientIfReachable(requester.uid);
  return reservationsOfServing(servingId, { mealId, requester, now, recipient });
}

/** One member's reservation, waiting for its serving's next transaction. */
type ReservationItem = {
  mealId: string;
  requester: Requester;
  now: Date;
  walkIn?: boolean;
  /** Who is told by email, read before the transaction; none for a walk-in served at the counter. */
  recipient?: MailRecipient | null;
};

/** At most this many reservations in one transaction: each writes three documents, and a transaction takes 500. */
const reservationsPerTransaction = 50;

const reservationsOfServing = groupCommits<ReservationItem, RequestOutcome>(
  reservationsPerTransaction,
  (servingId, items) =>
    runContendedTransaction(
      async (transaction) => {
        const checked = await checkReservations(transaction, servingId, items);
        const plans = checked.filter((result): result is ReservationPlan => 'ok' in result && result.ok === true);
        const ids = writeReservations(transaction, plans);
        // Each confirmation is stored with its reservation, or neither is.
        checked.forEach((result, index) => {
          const item = items[index]!;
          if (result instanceof Error || !result.ok || item.recipient === undefined) return;
          const reserved = {
            serving: result.serving,
            mealTitle: String(result.meal.get('title') ?? ''),
            requestId: ids.get(result)!,
          };
          writeMailIn(
            transaction,
            prepareMail(item.recipient, emails.reservationConfirmed(reserved, item.now), item.now),
          );
        });
        return checked.map((result): Settled<RequestOutcome> => {
          if (result instanceof Error) return { ok: false, error: result };
          if (result.ok) return { ok: true, value: { created: true, insertedId: ids.get(result)! } };
          return { ok: true, value: { created: false, message: result.message, requestId: result.requestId } };
        });
      },
      { key: servingKey(servingId) },
    ),
);

/** What checkReservation read and decided, for writeReservation in the same transaction. */
export type ReservationPlan = {
  ok: true;
  mealId: string;
  meal: DocumentSnapshot;
  serving: DocumentSnapshot;
  requester: Requester;
  priority: boolean;
  limited: boolean;
  quotaWeek: string;
  /** The instant the reservation is made at: its `requestedAt`, and the rollups' day for an undated request. */
  now: Date;
  /** The new request record, its id chosen when planned. */
  record: DocumentReference;
};

/** A member who holds a place already: the message, and the reservation they hold. */
type AlreadyHeld = { ok: false; message: string; requestId: string };

/**
 * The reads and checks of a reservation, inside the caller's transaction (reads come before
 * writes there): the serving is of that meal, open (before its cutoff, not on a closed day),
 * not full, the member holds no place in it yet (`ok: false` with the message) and their
 * quota and day's cancel cap allow one more. A walk-in at the counter comes after the cutoff
 * by nature: `walkIn` skips that one check and nothing else.
 */
export async function checkReservation(
  transaction: Transaction,
  mealId: string,
  servingId: string,
  requester: Requester,
  now: Date,
  options: { walkIn?: boolean } = {},
): Promise<ReservationPlan | AlreadyHeld> {
  const [result] = await checkReservations(transaction, servingId, [{ mealId, requester, now, ...options }]);
  if (result instanceof Error) throw result;
  return result!;
}

/**
 * checkReservation for several members of one serving at once, in one round trip per kind
 * of read. Each member is checked in order against the places the earlier ones took: the
 * result for each is a plan, a place already held, or the ApiError that refuses it (an error
 * of anything else fails the whole transaction).
 */
async function checkReservations(
  transaction: Transaction,
  servingId: string,
  items: ReservationItem[],
): Promise<(ReservationPlan | AlreadyHeld | ApiError)[]> {
  // Two round trips: the serving, meals and each member's documents together; then the
  // closed day (it needs the serving's date), the places already held and the quotas.
  const mealIds = [...new Set(items.map((item) => item.mealId))];
  const [serving, ...read] = await transaction.getAll(
    servingRef(servingId),
    ...mealIds.map((id) => db.collection(collections.meals).doc(id)),
    ...items.flatMap(({ requester }) => [
      reservationSlotRef(servingId, requester.uid),
      db.collection(collections.packages).doc(requester.profile.membership?.packageId || '-'),
      quotaLockRef(requester.uid),
    ]),
  );
  const mealOf = new Map(mealIds.map((id, index) => [id, read[index]]));
  const perMember = read.slice(mealIds.length);
  const date = serving?.exists ? String(serving.get('date')) : '';
  const slots = items.map((_, index) => perMember[index * 3]);
  const heldIds = [...new Set(slots.filter((slot) => slot?.exists).map((slot) => String(slot!.get('requestId'))))];
  const quotaWeek = mondayOf(date || hostelDate(new Date(), hostelTimeZone()));
  const [[closed, ...heldRecords], counted] = await Promise.all([
    transaction.getAll(closedDayRef(date || '-'), ...heldIds.map((id) => requestRef(id))),
    // Each limited member's counted requests of the week, all read at once.
    Promise.all(
      items.map(({ requester }, index) => readCounted(transaction, requester.uid, perMember[index * 3 + 1], quotaWeek)),
    ),
  ]);
  const heldOf = new Map(heldRecords.map((record) => [record.id, record]));

  let reserved = Number(serving?.get('reserved') ?? 0);
  const placed = new Map<string, ReservationPlan>();
  return items.map((item, index) => {
    try {
      const meal = mealOf.get(item.mealId);
      if (!meal?.exists) throw notFound('Meal not found');
      if (!serving?.exists) throw notFound('Serving not found');
      if (serving.get('mealId') !== item.mealId) throw badRequest('servingId: this serving is of another meal');
      if (closed?.exists) throw conflict(`The kitchen is closed on ${dayLabel(date)}`);
      if (!item.walkIn && item.now.getTime() >= cutoffOf(serving).getTime()) {
        throw conflict(reservationsClosedMessage(serving));
      }
      const heldId = slots[index]?.exists ? String(slots[index]!.get('requestId')) : undefined;
      const held = heldId ? heldOf.get(heldId) : undefined;
      const heldNow =
        held?.exists && held.get('status') !== 'cancelled' ? heldId : placed.get(item.requester.uid)?.record.id;
      if (heldNow) {
        return { ok: false, message: `You already have a place at ${servingLabel(serving)}`, requestId: heldNow };
      }
      const capacity = serving.get('capacity');
      if (typeof capacity === 'number' && reserved >= capacity) {
        throw new ReservationRefused(409, servingFullMessage(slotOf(serving), dayLabel(date)), 'full');
      }
      const pack = perMember[index * 3 + 1];
      const entitlements = checkCancelsAndQuota(pack, perMember[index * 3 + 2], counted[index], item.now);
      const plan: ReservationPlan = {
        ok: true,
        mealId: item.mealId,
        meal,
        serving,
        requester: item.requester,
        priority: entitlements.priorityServing,
        limited: entitlements.weeklyRequestLimit !== null,
        quotaWeek,
        now: item.now,
        record: db.collection(collections.mealRequests).doc(),
      };
      reserved += 1;
      placed.set(item.requester.uid, plan);
      return plan;
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
  });
}

/**
 * Writes a checked reservation: the request record, the member's reservation slot and the
 * place in `servings/{id}.reserved`. `servedBy`: a walk-in at the counter, served at once
 * (the serve's fields, count and notice as a serve of a pending request writes them).
 * Returns the new request's id.
 */
export function writeReservation(transaction: Transaction, plan: ReservationPlan, servedBy?: Server): string {
  return writeReservations(transaction, [plan], servedBy).get(plan)!;
}

/**
 * Writes checked reservations of one serving: each one's record, reservation slot and quota
 * lock, the places in `servings/{id}.reserved` with one write, and the rollups once per
 * document. Returns each plan's request id.
 */
function writeReservations(
  transaction: Transaction,
  plans: ReservationPlan[],
  servedBy?: Server,
): Map<ReservationPlan, string> {
  const ids = new Map<ReservationPlan, string>();
  if (plans.length === 0) return ids;
  const serving = plans[0]!.serving;
  const changes = new RollupChanges();
  for (const plan of plans) {
    const { requester, record } = plan;
    transaction.set(record, {
      ...newRequestRecord(plan.mealId, plan.meal, requester, plan.priority, plan.quotaWeek, plan.now),
      servingId: serving.id,
      servingDate: String(serving.get('date')),
      servingSlot: slotOf(serving),
      ...(servedBy ? { ...servedFields(servedBy), walkIn: true } : {}),
    });
    transaction.set(reservationSlotRef(serving.id, requester.uid), {
      requestId: record.id,
      servingId: serving.id,
      userUid: requester.uid,
    });
    if (servedBy) noticeOfServe(transaction, requester.uid, record.id, plan.meal.get('title'), serving);
    // A walk-in's day is written once with the others: requested, then served.
    const facts: RequestFacts = {
      mealId: plan.mealId,
      requestedAt: plan.now,
      serving: { date: String(serving.get('date')), slot: slotOf(serving) },
    };
    countNewRequest(changes, facts);
    if (servedBy) countOutcomeChange(changes, facts, 'pending', 'served');
    if (plan.limited)
      transaction.set(
        quotaLockRef(requester.uid),
        { lastRequestId: record.id, updatedAt: FieldValue.serverTimestamp() },
        { merge: true },
      );
    ids.set(plan, record.id);
  }
  transaction.update(serving.ref, {
    reserved: FieldValue.increment(plans.length),
    ...(servedBy ? { served: FieldValue.increment(plans.length) } : {}),
  });
  changes.writeTo(transaction);
  return ids;
}

/** The member's "served" notice, written once per request in the transaction that serves it. */
function noticeOfServe(
  transaction: Transaction,
  userUid: string,
  requestId: string,
  mealTitle: unknown,
  serving?: DocumentSnapshot,
) {
  writeNotification(
    transaction,
    userUid,
    requestServedNoticeId(requestId),
    notices.requestServed(String(mealTitle ?? '')),
  );
  // A reservation served: the bell asks how the meal was (rated through POST /servings/{id}/rating).
  if (serving?.exists) {
    writeNotification(
      transaction,
      userUid,
      rateServingNoticeId(requestId),
      notices.rateServing(mealSlotLabels[slotOf(serving)], String(mealTitle ?? '')),
    );
  }
}

/**
 * Creates a new pending request record unless one is pending already, and unless the
 * member has used this week's requests (429). Inside one transaction that reads and claims
 * the pending slot, counts the week's requests and writes the user's quota lock, so racing
 * requests by the same user leave exactly one pending request per meal and never more than
 * the week's limit; earlier delivered or cancelled records are untouched.
 */
async function requestMeal(mealId: string, requester: Requester, now: Date): Promise<RequestOutcome> {
  const mealRef = db.collection(collections.meals).doc(mealId);
  const slotRef = pendingSlotRef(mealId, requester.uid);
  const packageRef = db.collection(collections.packages).doc(requester.profile.membership?.packageId || '-');
  // Every request of a limited member writes the lock, so two of their requests in flight at
  // once conflict and one transaction retries and counts again; every cancellation writes
  // it too, so the day's cancellations are read as they stand.
  const lockRef = quotaLockRef(requester.uid);
  const quotaWeek = quotaWeekOf(now);
  return db.runTransaction(async (transaction) => {
    const [meal, slot, pack, lock] = await transaction.getAll(mealRef, slotRef, packageRef, lockRef);
    if (!meal?.exists) throw notFound('Meal not found');
    if (slot?.exists) {
      // The slot is released in the same transaction that serves or cancels; checking the
      // record as well keeps a slot left behind by hand from blocking the user for good.
      const held = await transaction.get(requestRef(String(slot.get('requestId'))));
      if (held.exists && held.get('status') === 'pending') return { created: false, requestId: held.id };
    }
    const counted = await readCounted(transaction, requester.uid, pack, quotaWeek);
    const entitlements = checkCancelsAndQuota(pack, lock, counted, now);
    const record = db.collection(collections.mealRequests).doc();
    transaction.set(record, newRequestRecord(mealId, meal, requester, entitlements.priorityServing, quotaWeek, now));
    countRequestMade(transaction, { mealId, requestedAt: now, serving: null });
    transaction.set(slotRef, { requestId: record.id, mealId, userUid: requester.uid });
    if (entitlements.weeklyRequestLimit !== null)
      transaction.set(lockRef, { lastRequestId: record.id, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
    return { created: true, insertedId: record.id };
  });
}

/** GET /meal-request/quota: the caller's requests this week against their current package's limit. */
export async function requestQuota(uid: string, now: Date = new Date()): Promise<RequestQuota> {
  const timeZone = hostelTimeZone();
  const since = weekStart(now, timeZone);
  const base = { weekStart: since.toISOString(), resetsAt: nextWeekStart(now, timeZone).toISOString() };
  // This week's requests and the reservations for this week's servings.
  const profile = await loadProfile(uid);
  const [counted, pack] = await Promise.all([
    // An aggregation: Firestore counts the index entries and returns one number.
    countedRequestsOfUserInWeek(uid, quotaWeekOf(now)).count().get(),
    profile && isMember(profile, now) && profile.membership
      ? db
          .collection(collections.packages)
          .doc(profile.membership.packageId || '-')
          .get()
      : undefined,
  ]);
  const used = counted.data().count;
  if (!pack) return { used, limit: 0, ...base };
  return { used, limit: entitlementsOf(pack).weeklyRequestLimit, ...base };
}

/** What closing a request reads, before any write of its transaction. */
export type ClosingReads = {
  slot: DocumentSnapshot | undefined;
  lock: DocumentSnapshot | undefined;
  serving: DocumentSnapshot | undefined;
  reservationSlot: DocumentSnapshot | undefined;
};

/** Reads what closing `request` changes: its pending slot, quota lock, serving and reservation slot. */
export async function readForClosing(transaction: Transaction, request: DocumentSnapshot): Promise<ClosingReads> {
  const userUid = String(request.get('userUid'));
  const servingId = request.get('servingId');
  const reservation = typeof servingId === 'string';
  const [slot, lock, serving, reservationSlot] = await transaction.getAll(
    pendingSlotRef(String(request.get('mealId')), userUid),
    quotaLockRef(userUid),
    ...(reservation ? [servingRef(servingId), reservationSlotRef(servingId, userUid)] : []),
  );
  return { slot, lock, serving, reservationSlot };
}

type Closing = { status: 'delivered'; server: Server } | { status: 'cancelled' };

/**
 * Moves a pending request to its final status with the time it happened, and frees the
 * pending slot if this request holds it. For a reservation the serving's counts move in the
 * same transaction: serving bumps `served`; cancelling, allowed only before the cutoff (the
 * kitchen cooks from the count), gives the place back and frees the member's reservation
 * slot. Serve Meals and the counter both serve through here.
 */
export function writeClosing(
  transaction: Transaction,
  request: DocumentSnapshot,
  reads: ClosingReads,
  outcome: Closing,
) {
  const id = request.id;
  const userUid = String(request.get('userUid'));
  const { slot, lock, serving, reservationSlot } = reads;
  const now = new Date();
  if (serving?.exists && outcome.status === 'cancelled' && now.getTime() >= cutoffOf(serving).getTime()) {
    throw conflict(`${reservationsClosedMessage(serving)}: the kitchen has cooked, so it can no longer be cancelled`);
  }
  transaction.update(
    request.ref,
    outcome.status === 'delivered'
      ? servedFields(outcome.server)
      : { status: 'cancelled', cancelledAt: FieldValue.serverTimestamp() },
  );
  if (slot?.exists && slot.get('requestId') === id) transaction.delete(slot.ref);
  if (outcome.status === 'cancelled' && lock) countCancellation(transaction, lock, now);
  countRequestOutcome(transaction, request, outcome.status, serving);
  if (serving?.exists) {
    if (outcome.status === 'delivered') {
      transaction.update(serving.ref, { served: FieldValue.increment(1) });
    } else {
      // Never below zero, even for a record an admin changed by hand.
      transaction.update(serving.ref, { reserved: Math.max(0, Number(serving.get('reserved') ?? 0) - 1) });
      if (reservationSlot?.exists && reservationSlot.get('requestId') === id) transaction.delete(reservationSlot.ref);
    }
  }
  // A request is served once (it must be pending here), so its notice is written once.
  if (outcome.status === 'delivered') noticeOfServe(transaction, userUid, id, request.get('mealTitle'), serving);
}

/**
 * The contended document closing a request writes: a reservation's serving (its counts), read
 * ahead of the transaction only to queue it behind the serving's other writes on this instance.
 */
async function closingKey(id: string): Promise<string | undefined> {
  const servingId = (await requestRef(id).get()).get('servingId');
  return typeof servingId === 'string' ? servingKey(servingId) : undefined;
}

/** Closes a pending request in a transaction of its own; the caller's checks run on the record read here. */
async function closePendingRequest(
  id: string,
  check: (request: DocumentSnapshot) => 'close' | 'unchanged',
  outcome: Closing,
  alsoWrite?: (transaction: Transaction, request: DocumentSnapshot, reads: ClosingReads) => void,
): Promise<boolean> {
  return runContendedTransaction(
    async (transaction) => {
      const request = await transaction.get(requestRef(id));
      if (!request.exists) throw notFound('Meal request not found');
      if (check(request) === 'unchanged') return false;
      const reads = await readForClosing(transaction, request);
      writeClosing(transaction, request, reads, outcome);
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
      if (request.get('userUid') !== uid) throw forbidden('This meal request is not yours');
      if (request.get('status') !== 'pending') throw conflict('Only a pending request can be cancelled');
      return 'close';
    },
    { status: 'cancelled' },
    // A cancelled reservation is told in the cancelling transaction (a request is cancelled once).
    (transaction, request, { serving }) => {
      if (!serving?.exists) return;
      const now = new Date();
      const reserved = { serving, mealTitle: String(request.get('mealTitle') ?? ''), requestId: id };
      writeMailIn(transaction, prepareMail(recipient, emails.reservationCancelled(reserved, now), now));
    },
  );
}

/**
 * Kitchen staff or an admin (`server`) serves a request. Serving twice changes nothing; a
 * cancelled request cannot be served.
 */
export async function markDelivered(id: string, server: Server): Promise<{ modifiedCount: number }> {
  const changed = await closePendingRequest(
    id,
    (request) => {
      const status = request.get('status');
      if (status === 'delivered') return 'unchanged';
      if (status === 'cancelled') throw conflict('This meal request was cancelled');
      return 'close';
    },
    { status: 'delivered', server },
  );
  return { modifiedCount: changed ? 1 : 0 };
}

/**
 * Takes a serve made by mistake back, within `serveUndoWindowSeconds` of `servedAt` on the
 * server's clock: the request is pending again in its old place in the queue (requestedAt and
 * priority are untouched), holds its pending slot again, and the member's "served" notice is
 * deleted (ADR 0025). The weekly quota counts pending and delivered alike, so it is unchanged.
 * If the member has requested the same meal again since, the slot is theirs and the serve
 * stays: two pending requests of one member for one meal are never made.
 */
export async function undoServe(id: string): Promise<Modified> {
  return runContendedTransaction(
    async (transaction) => {
      const request = await transaction.get(requestRef(id));
      if (!request.exists) throw notFound('Meal request not found');
      const servedAt = request.get('servedAt');
      const withinWindow =
        servedAt instanceof Timestamp && Date.now() - servedAt.toMillis() <= serveUndoWindowSeconds * 1000;
      if (request.get('status') !== 'delivered' || !withinWindow) throw conflict(serveUndoExpiredMessage);
      const userUid = String(request.get('userUid'));
      const servingId = request.get('servingId');
      if (typeof servingId === 'string') {
        // A reservation keeps its reservation slot while served; only the serving's count of
        // meals handed out goes back (never below zero).
        const serving = await transaction.get(servingRef(servingId));
        transaction.update(request.ref, { status: 'pending', servedAt: null, servedBy: FieldValue.delete() });
        countRequestOutcome(transaction, request, 'pending', serving);
        if (serving.exists) {
          transaction.update(serving.ref, { served: Math.max(0, Number(serving.get('served') ?? 0) - 1) });
        }
        deleteNotification(transaction, userUid, requestServedNoticeId(id));
        deleteNotification(transaction, userUid, rateServingNoticeId(id));
        return { modifiedCount: 1 };
      }
      const mealId = String(request.get('mealId'));
      const slotRef = pendingSlotRef(mealId, userUid);
      const slot = await transaction.get(slotRef);
      if (slot.exists && slot.get('requestId') !== id) {
        const held = await transaction.get(requestRef(String(slot.get('requestId'))));
        if (held.exists && held.get('status') === 'pending') {
          throw conflict(`${serveUndoExpiredMessage}: the member has requested this meal again`);
        }
      }
      transaction.update(request.ref, { status: 'pending', servedAt: null, servedBy: FieldValue.delete() });
      countRequestOutcome(transaction, request, 'pending');
      transaction.set(slotRef, { requestId: id, mealId, userUid });
      deleteNotification(transaction, userUid, requestServedNoticeId(id));
      return { modifiedCount: 1 };
    },
    { key: await closingKey(id) },
  );
}

/**
 * GET /requested-meals. `email` (already checked to be in the caller's scope) names whose
 * requests to list. Without it an admin sees everyone's, optionally searched; a student
 * sees their own, and asking for everyone's or searching is refused.
 */
export async function listRequestedMeals(
  user: TokenClaims,
  query: Omit<RequestedMealsQuery, 'email'> & { email: string | undefined },
): Promise<Page<RequestedMeal>> {
  if (query.email) {
    const own = query.email.toLowerCase() === user.email.toLowerCase();
    const scoped = own ? requestsOfUser(user.uid) : requestsByEmail(query.email.toLowerCase());
    return readRequestPage(scoped, query.limit, query.cursor);
  }
  const profile = await loadProfile(user.uid);
  if (isStaffOrAdmin(profile)) {
    const token = normalizeSearch(query.search ?? '');
    if (query.servingId && query.queue !== 'pending') throw badRequest('servingId needs queue=pending');
    // Kitchen staff serve what is waiting (the queue, a serving's list, the counter): the
    // history and a search through every resident's requests, with their emails and
    // allergies, are the admins'.
    if (profile?.role !== 'admin' && (query.queue !== 'pending' || token)) {
      throw forbidden('Admins only: kitchen staff see the queue of requests waiting to be served');
    }
    if (query.queue) {
      if (token) throw badRequest('queue and search cannot be combined');
      const queue = query.servingId ? pendingQueueOfServing(query.servingId) : pendingQueue();
      return readKitchenPage(query.queue === 'pending' ? queue : requestHistory(), query.limit, query.cursor);
    }
    return readKitchenPage(allRequests(token || undefined), query.limit, query.cursor);
  }
  if (query.role === 'admin' || query.search || query.queue || query.servingId) {
    throw forbidden('Kitchen staff and admins only');
  }
  return readRequestPage(requestsOfUser(user.uid), query.limit, query.cursor);
}

/**
 * A page of the kitchen's rows: each carries the diner's avoided allergens (their diet
 * profile), read once per distinct diner of the page, so "Avoids: peanuts" shows by the name.
 */
async function readKitchenPage(query: Query, limit: number, cursor: string | undefined): Promise<Page<RequestedMeal>> {
  const { docs, nextCursor } = await readPage(query, limit, cursor);
  const uids = [
    ...new Set(docs.map((doc) => doc.get('userUid')).filter((uid): uid is string => typeof uid === 'string')),
  ];
  const [rows, profiles] = await Promise.all([
    toRequestedMealRows(docs),
    uids.length > 0 ? db.getAll(...uids.map((uid) => db.collection(collections.users).doc(uid))) : [],
  ]);
  const avoidsOf = new Map(profiles.map((profile) => [profile.id, toDietProfile(profile.get('diet')).avoid]));
  return {
    items: rows.map((row, index) => ({ ...row, dinerAvoids: avoidsOf.get(String(docs[index]?.get('userUid'))) ?? [] })),
    nextCursor,
  };
}

/** One page of requests, each with its meal's current like and review counts. */
async function readRequestPage(query: Query, limit: number, cursor: string | undefined): Promise<Page<RequestedMeal>> {
  const { docs, nextCursor } = await readPage(query, limit, cursor);
  return { items: await toRequestedMealRows(docs), nextCursor };
}

/** Rows for request records, with their meals and servings read in one round trip each. */
async function toRequestedMealRows(docs: DocumentSnapshot[]): Promise<RequestedMeal[]> {
  const [meals, servings] = await Promise.all([
    mealsById(docs.map((doc) => String(doc.get('mealId')))),
    servingsById(docs.map((doc) => doc.get('servingId')).filter((id): id is string => typeof id === 'string')),
  ]);
  return docs.map((doc) =>
    toRequestedMealRow(doc, meals.get(String(doc.get('mealId'))), servings.get(String(doc.get('servingId')))),
  );
}

/** How many upcoming reservations GET /my-reservations lists at most. */
const upcomingReservationsLimit = 50;

/** GET /my-reservations: the caller's reservations still to be served, soonest first. */
export async function myReservations(uid: string, now: Date = new Date()): Promise<{ items: RequestedMeal[] }> {
  const today = hostelDate(now, hostelTimeZone());
  const snapshot = await upcomingReservationsOfUser(uid, today).limit(upcomingReservationsLimit).get();
  const items = await toRequestedMealRows(snapshot.docs);
  const slotOrder = ['breakfast', 'lunch', 'dinner'];
  return {
    items: items.sort(
      (a, b) =>
        (a.serving?.date ?? '').localeCompare(b.serving?.date ?? '') ||
        slotOrder.indexOf(a.serving?.slot ?? '') - slotOrder.indexOf(b.serving?.slot ?? '') ||
        (a.serving?.startsAt ?? '').localeCompare(b.serving?.startsAt ?? ''),
    ),
  };
}

async function servingsById(servingIds: string[]): Promise<Map<string, DocumentSnapshot>> {
  const unique = [...new Set(servingIds)];
  if (unique.length === 0) return new Map();
  const snapshots = await db.getAll(...unique.map(servingRef));
  return new Map(snapshots.map((snapshot) => [snapshot.id, snapshot]));
}

/** Reads the meals of a page in one round trip. */
async function mealsById(mealIds: string[]): Promise<Map<string, DocumentSnapshot>> {
  const unique = [...new Set(mealIds)];
  if (unique.length === 0) return new Map();
  const snapshots = await db.getAll(...unique.map((mealId) => db.collection(collections.meals).doc(mealId)));
  return new Map(snapshots.map((snapshot) => [snapshot.id, snapshot]));
}

function toRequestedMealRow(
  request: DocumentSnapshot,
  meal: DocumentSnapshot | undefined,
  serving: DocumentSnapshot | undefined,
): RequestedMeal {
  const data = request.data() ?? {};
  const mealData = meal?.exists ? (meal.data() ?? {}) : {};
  return {
    _id: request.id,
    mealId: data.mealId ?? '',
    // The meal's current title; the one stored at request time if the meal is gone.
    title: mealData.title ?? data.mealTitle ?? '',
    likes: mealData.likesCount ?? 0,
    reviews_count: mealData.reviewsCount ?? 0,
    status: requestStatusOf(data.status),
    userEmail: data.userEmail ?? '',
    userName: data.userName ?? '',
    requestedAt: isoTime(data.requestedAt),
    servedAt: isoTime(data.servedAt),
    cancelledAt: isoTime(data.cancelledAt),
    priority: data.priority === true,
    // A reservation's serving; null for the spec's undated request (or a deleted serving).
    serving: serving?.exists ? toReservationServing(serving) : null,
  };
}

const requestStatusOf = (value: unknown): RequestStatus =>
  (requestStatuses as readonly unknown[]).includes(value) ? (value as RequestStatus) : 'pending';
