// Undated meal requests (the spec's request for a meal, no serving) and the entry every
// request comes through: a reservation goes on to reservations.ts.
import { FieldValue } from 'firebase-admin/firestore';
import {
  alreadyRequestedMessage,
  isMember,
  membershipRequiredMessage,
  nextWeekStart,
  weekStart,
  type MealRequested,
  type RequestQuota,
} from '@hostelhub/contracts';
import type { TokenClaims } from '../../lib/api-token.js';
import { ApiError, notFound } from '../../lib/errors.js';
import { readEach, typed } from '../../lib/converters/index.js';
import { db } from '../../lib/firestore.js';
import { loadProfile } from '../../lib/profiles.js';
import { hostelTimeZone } from '../../config.js';
import { entitlementsOf } from '../../lib/entitlements.js';
import { countedRequestsOfUserInWeek } from './queries.js';
import {
  checkCancelsAndQuota,
  countRequestMade,
  newRequestRecord,
  pendingSlotRef,
  quotaLockRef,
  quotaWeekOf,
  readCounted,
  requestRef,
  type RequestOutcome,
  type Requester,
} from './records.js';
import { reserveServing } from './reservations.js';
import { currentTime } from '../../lib/clock.js';

/**
 * Requesting meals is for members: 402 for anyone without a membership now. The quota and
 * the priority come from the package of the membership held now.
 */
export async function requestMealAsMember(
  mealId: string,
  user: TokenClaims,
  servingId?: string,
  now: Date = currentTime(),
): Promise<RequestOutcome> {
  const profile = await loadProfile(user.uid);
  if (!profile || !isMember(profile, now)) throw new ApiError(402, membershipRequiredMessage);
  const requester = { uid: user.uid, email: user.email, profile };
  return servingId ? reserveServing(mealId, servingId, requester, now) : requestMeal(mealId, requester, now);
}

/**
 * What a request's outcome is answered with, by POST /meal-request and POST
 * /servings/{id}/reservation alike: 201 with the new request's id, or 208 naming the request
 * the member holds already, so a repeat after a lost answer learns what it made.
 */
export function outcomeAnswer(outcome: RequestOutcome): { status: 201 | 208; body: MealRequested } {
  if (outcome.created) return { status: 201, body: { insertedId: outcome.insertedId } };
  return {
    status: 208,
    body: {
      message: outcome.message ?? alreadyRequestedMessage,
      ...(outcome.requestId ? { requestId: outcome.requestId } : {}),
    },
  };
}

/**
 * Creates a new pending request record unless one is pending already, and unless the
 * member has used this week's requests (429). Inside one transaction that reads and claims
 * the pending slot, counts the week's requests and writes the user's quota lock, so racing
 * requests by the same user leave exactly one pending request per meal and never more than
 * the week's limit; earlier delivered or cancelled records are untouched.
 */
async function requestMeal(mealId: string, requester: Requester, now: Date): Promise<RequestOutcome> {
  const mealRef = typed.meals().doc(mealId);
  const slotRef = pendingSlotRef(mealId, requester.uid);
  const packageRef = typed.packages().doc(requester.profile.membership?.packageId || '-');
  // Every request of a limited member writes the lock, so two of their requests in flight at
  // once conflict and one transaction retries and counts again; every cancellation writes
  // it too, so the day's cancellations are read as they stand.
  const lockRef = quotaLockRef(requester.uid);
  const quotaWeek = quotaWeekOf(now);
  return db.runTransaction(async (transaction) => {
    const [meal, slot, pack, lock] = await readEach(transaction, mealRef, slotRef, packageRef, lockRef);
    if (!meal?.exists) throw notFound('Meal not found');
    if (slot?.exists) {
      // The slot is released in the same transaction that serves or cancels; checking the
      // record as well keeps a slot left behind by hand from blocking the user for good.
      const held = await transaction.get(requestRef(slot.data()!.requestId));
      if (held.data()?.status === 'pending') return { created: false, requestId: held.id };
    }
    const counted = await readCounted(transaction, requester.uid, pack, quotaWeek);
    const entitlements = checkCancelsAndQuota(pack, lock, counted, now);
    const record = typed.mealRequests().doc();
    transaction.set(record, newRequestRecord(mealId, meal, requester, entitlements.priorityServing, quotaWeek, now));
    countRequestMade(transaction, { mealId, requestedAt: now, serving: null });
    transaction.set(slotRef, { requestId: record.id, mealId, userUid: requester.uid });
    if (entitlements.weeklyRequestLimit !== null)
      transaction.set(lockRef, { lastRequestId: record.id, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
    return { created: true, insertedId: record.id };
  });
}

/** GET /meal-request/quota: the caller's requests this week against their current package's limit. */
export async function requestQuota(uid: string, now: Date = currentTime()): Promise<RequestQuota> {
  const timeZone = hostelTimeZone();
  const since = weekStart(now, timeZone);
  const base = { weekStart: since.toISOString(), resetsAt: nextWeekStart(now, timeZone).toISOString() };
  // This week's requests and the reservations for this week's servings.
  const profile = await loadProfile(uid);
  const [counted, pack] = await Promise.all([
    // An aggregation: Firestore counts the index entries and returns one number.
    countedRequestsOfUserInWeek(uid, quotaWeekOf(now)).count().get(),
    profile && isMember(profile, now) && profile.membership
      ? typed
          .packages()
          .doc(profile.membership.packageId || '-')
          .get()
      : undefined,
  ]);
  const used = counted.data().count;
  if (!pack) return { used, limit: 0, ...base };
  return { used, limit: entitlementsOf(pack).weeklyRequestLimit, ...base };
}
