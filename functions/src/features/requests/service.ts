import { FieldValue, type DocumentSnapshot, type Query, type Transaction } from 'firebase-admin/firestore';
import {
  cancelCapMessage,
  hostelDate,
  isMember,
  membershipRequiredMessage,
  nextWeekStart,
  quotaExceededMessage,
  weekStart,
  type RequestQuota,
  normalizeSearch,
  requesterSearchTokens,
  requestStatuses,
  type Page,
  type RequestedMeal,
  type RequestedMealsQuery,
  type RequestStatus,
  type UserAccount,
} from '@hostelhub/contracts';
import type { TokenClaims } from '../../lib/api-token.js';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { collections, db } from '../../lib/firestore.js';
import { readPage } from '../../lib/paging.js';
import { notices, writeNotification } from '../../lib/notifications.js';
import { loadProfile } from '../../lib/profiles.js';
import { isoTime } from '../../lib/timestamps.js';
import { hostelTimeZone, mealRequestCancelsPerDay } from '../../config.js';
import { entitlementsOf } from '../../lib/entitlements.js';
import { allRequests, countedRequestsOfUserSince, pendingQueue, requestsByEmail, requestsOfUser } from './queries.js';

const requestRef = (id: string) => db.collection(collections.mealRequests).doc(id);

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

export type RequestOutcome = { created: true; insertedId: string } | { created: false };

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
  now: Date = new Date(),
): Promise<RequestOutcome> {
  const profile = await loadProfile(user.uid);
  if (!profile || !isMember(profile, now)) throw new ApiError(402, membershipRequiredMessage);
  return requestMeal(mealId, { uid: user.uid, email: user.email, profile }, now);
}

/**
 * Creates a new pending request record unless one is pending already, and unless the
 * member has used this week's requests (429). Inside one transaction that reads and claims
 * the pending slot, counts the week's requests and writes the user's quota lock, so racing
 * requests by the same user leave exactly one pending request per meal and never more than
 * the week's limit; earlier delivered or cancelled records are untouched.
 */
async function requestMeal(
  mealId: string,
  requester: { uid: string; email: string; profile: UserAccount },
  now: Date,
): Promise<RequestOutcome> {
  const mealRef = db.collection(collections.meals).doc(mealId);
  const slotRef = pendingSlotRef(mealId, requester.uid);
  const packageRef = db.collection(collections.packages).doc(requester.profile.membership?.packageId || '-');
  // Every request of a limited member writes the lock, so two of their requests in flight at
  // once conflict and one transaction retries and counts again; every cancellation writes
  // it too, so the day's cancellations are read as they stand.
  const lockRef = quotaLockRef(requester.uid);
  const since = weekStart(now, hostelTimeZone());
  return db.runTransaction(async (transaction) => {
    const [meal, slot, pack, lock] = await transaction.getAll(mealRef, slotRef, packageRef, lockRef);
    if (!meal?.exists) throw notFound('Meal not found');
    if (slot?.exists) {
      // The slot is released in the same transaction that serves or cancels; checking the
      // record as well keeps a slot left behind by hand from blocking the user for good.
      const held = await transaction.get(requestRef(String(slot.get('requestId'))));
      if (held.exists && held.get('status') === 'pending') return { created: false };
    }
    const cancelsPerDay = mealRequestCancelsPerDay();
    if (cancelsToday(lock, now) >= cancelsPerDay) throw new ApiError(429, cancelCapMessage(cancelsPerDay));
    const entitlements = entitlementsOf(pack);
    const limit = entitlements.weeklyRequestLimit;
    if (limit !== null) {
      // At most `limit` documents: only counted requests are read, and no more than decide it
      // (one for a limit of 0, which Firestore would not take as a query limit).
      const counted = await transaction.get(countedRequestsOfUserSince(requester.uid, since).limit(Math.max(limit, 1)));
      if (counted.size >= limit) throw new ApiError(429, quotaExceededMessage(limit));
    }
    const record = db.collection(collections.mealRequests).doc();
    const userName = requester.profile.name;
    transaction.set(record, {
      mealId,
      mealTitle: meal.get('title') ?? '',
      userUid: requester.uid,
      userEmail: requester.email,
      userName,
      status: 'pending',
      priority: entitlements.priorityServing,
      requestedAt: FieldValue.serverTimestamp(),
      servedAt: null,
      cancelledAt: null,
      searchTokens: requesterSearchTokens(userName, requester.email),
    });
    transaction.set(slotRef, { requestId: record.id, mealId, userUid: requester.uid });
    if (limit !== null)
      transaction.set(lockRef, { lastRequestId: record.id, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
    return { created: true, insertedId: record.id };
  });
}

/** GET /meal-request/quota: the caller's requests this week against their current package's limit. */
export async function requestQuota(uid: string, now: Date = new Date()): Promise<RequestQuota> {
  const timeZone = hostelTimeZone();
  const since = weekStart(now, timeZone);
  const base = { weekStart: since.toISOString(), resetsAt: nextWeekStart(now, timeZone).toISOString() };
  const profile = await loadProfile(uid);
  const [counted, pack] = await Promise.all([
    // An aggregation: Firestore counts the index entries and returns one number.
    countedRequestsOfUserSince(uid, since).count().get(),
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

/**
 * Moves a pending request to its final status with the time it happened, and frees the
 * pending slot if this request holds it. The caller's checks run on the record read here.
 */
async function closePendingRequest(
  id: string,
  check: (request: DocumentSnapshot) => 'close' | 'unchanged',
  outcome: { status: 'delivered'; timeField: 'servedAt' } | { status: 'cancelled'; timeField: 'cancelledAt' },
): Promise<boolean> {
  return db.runTransaction(async (transaction) => {
    const request = await transaction.get(requestRef(id));
    if (!request.exists) throw notFound('Meal request not found');
    if (check(request) === 'unchanged') return false;
    const userUid = String(request.get('userUid'));
    const slotRef = pendingSlotRef(String(request.get('mealId')), userUid);
    const slot = await transaction.get(slotRef);
    // Reads come before writes in a transaction: the lock is read here when cancelling.
    const lock = outcome.status === 'cancelled' ? await transaction.get(quotaLockRef(userUid)) : null;
    transaction.update(request.ref, { status: outcome.status, [outcome.timeField]: FieldValue.serverTimestamp() });
    if (slot.exists && slot.get('requestId') === id) transaction.delete(slotRef);
    if (lock) countCancellation(transaction, lock, new Date());
    // A request is served once (it must be pending here), so its notice is written once.
    if (outcome.status === 'delivered') {
      writeNotification(transaction, userUid, `request-served-${id}`, notices.requestServed(request.get('mealTitle')));
    }
    return true;
  });
}

/** The owner withdraws a request that has not been served yet. */
export async function cancelRequest(id: string, uid: string): Promise<void> {
  await closePendingRequest(
    id,
    (request) => {
      if (request.get('userUid') !== uid) throw forbidden('This meal request is not yours');
      if (request.get('status') !== 'pending') throw conflict('Only a pending request can be cancelled');
      return 'close';
    },
    { status: 'cancelled', timeField: 'cancelledAt' },
  );
}

/** An admin serves a request. Serving twice changes nothing; a cancelled request cannot be served. */
export async function markDelivered(id: string): Promise<{ modifiedCount: number }> {
  const changed = await closePendingRequest(
    id,
    (request) => {
      const status = request.get('status');
      if (status === 'delivered') return 'unchanged';
      if (status === 'cancelled') throw conflict('This meal request was cancelled');
      return 'close';
    },
    { status: 'delivered', timeField: 'servedAt' },
  );
  return { modifiedCount: changed ? 1 : 0 };
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
  if (profile?.role === 'admin') {
    const token = normalizeSearch(query.search ?? '');
    if (query.queue === 'pending') {
      if (token) throw badRequest('queue and search cannot be combined');
      return readRequestPage(pendingQueue(), query.limit, query.cursor);
    }
    return readRequestPage(allRequests(token || undefined), query.limit, query.cursor);
  }
  if (query.role === 'admin' || query.search || query.queue) throw forbidden('Admins only');
  return readRequestPage(requestsOfUser(user.uid), query.limit, query.cursor);
}

/** One page of requests, each with its meal's current like and review counts. */
async function readRequestPage(query: Query, limit: number, cursor: string | undefined): Promise<Page<RequestedMeal>> {
  const { docs, nextCursor } = await readPage(query, limit, cursor);
  const meals = await mealsById(docs.map((doc) => String(doc.get('mealId'))));
  return { items: docs.map((doc) => toRequestedMealRow(doc, meals.get(String(doc.get('mealId'))))), nextCursor };
}

/** Reads the meals of a page in one round trip. */
async function mealsById(mealIds: string[]): Promise<Map<string, DocumentSnapshot>> {
  const unique = [...new Set(mealIds)];
  if (unique.length === 0) return new Map();
  const snapshots = await db.getAll(...unique.map((mealId) => db.collection(collections.meals).doc(mealId)));
  return new Map(snapshots.map((snapshot) => [snapshot.id, snapshot]));
}

function toRequestedMealRow(request: DocumentSnapshot, meal: DocumentSnapshot | undefined): RequestedMeal {
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
    // Servings come with the weekly menu; until a request names one it is undated.
    serving: null,
  };
}

const requestStatusOf = (value: unknown): RequestStatus =>
  (requestStatuses as readonly unknown[]).includes(value) ? (value as RequestStatus) : 'pending';
