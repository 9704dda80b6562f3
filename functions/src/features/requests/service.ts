// Undated meal requests: the spec's request for a meal, for no serving in particular. A request
// that names a serving is a reservation (features/reservations).
import { FieldValue } from 'firebase-admin/firestore';
import { isMember, nextWeekStart, weekStart, type RequestQuota } from '@hostelhub/contracts';
import type { TokenClaims } from '../../lib/api-token.js';
import { notFound } from '../../lib/errors.js';
import { readEach, typed } from '../../lib/converters/index.js';
import { runContendedTransaction } from '../../lib/transactions.js';
import { loadProfile } from '../../lib/profiles.js';
import { hostelTimeZone } from '../../config.js';
import { entitlementsOf } from '../../lib/entitlements.js';
import { countedRequestsOfUserInWeek } from '../../lib/requests/queries.js';
import {
  checkCancelsAndQuota,
  countRequestMade,
  newRequestRecord,
  pendingLockRef,
  quotaLockRef,
  quotaWeekOf,
  readCounted,
  requestRef,
  type RequestOutcome,
  type Requester,
} from '../../lib/requests/records.js';
import { memberRequester } from '../../lib/requests/requester.js';
import { currentTime } from '../../lib/clock.js';

/** POST /meal-request without a servingId: an undated request for the meal (402 without a membership). */
export async function requestMealAsMember(mealId: string, user: TokenClaims, now: Date = currentTime()) {
  return requestMeal(mealId, await memberRequester(user, now), now);
}

/**
 * Creates a new pending request record unless one is pending already, and unless the
 * member has used this week's requests (429). Inside one transaction that reads and claims
 * the pending lock, counts the week's requests and writes the user's quota lock, so racing
 * requests by the same user leave exactly one pending request per meal and never more than
 * the week's limit; earlier served or cancelled records are untouched.
 */
async function requestMeal(mealId: string, requester: Requester, now: Date): Promise<RequestOutcome> {
  const mealRef = typed.meals().doc(mealId);
  const pendingRef = pendingLockRef(mealId, requester.uid);
  const packageRef = typed.packages().doc(requester.profile.membership?.packageId || '-');
  // Every request of a limited member writes the lock, so two of their requests in flight at
  // once conflict and one transaction retries and counts again; every cancellation writes
  // it too, so the day's cancellations are read as they stand.
  const lockRef = quotaLockRef(requester.uid);
  const quotaWeek = quotaWeekOf(now);
  // Keyed by the member's lock: a burst of one member's requests on one instance runs one after
  // another instead of aborting each other until the SDK gives up with a 503.
  return runContendedTransaction(
    async (transaction) => {
      const [meal, pending, pack, lock] = await readEach(transaction, mealRef, pendingRef, packageRef, lockRef);
      if (!meal?.exists) throw notFound('Meal not found');
      if (pending?.exists) {
        // The lock is released in the same transaction that serves or cancels; checking the
        // record as well keeps a lock left behind by hand from blocking the user for good.
        const held = await transaction.get(requestRef(pending.data()!.requestId));
        if (held.data()?.status === 'pending') return { created: false, requestId: held.id };
      }
      const counted = await readCounted(transaction, requester.uid, pack, quotaWeek);
      const entitlements = checkCancelsAndQuota(pack, lock, counted, now);
      const record = typed.mealRequests().doc();
      transaction.set(record, newRequestRecord(mealId, meal, requester, entitlements.priorityServing, quotaWeek, now));
      countRequestMade(transaction, { mealId, requestedAt: now, serving: null });
      transaction.set(pendingRef, { requestId: record.id, mealId, userUid: requester.uid });
      if (entitlements.weeklyRequestLimit !== null)
        transaction.set(
          lockRef,
          { lastRequestId: record.id, updatedAt: FieldValue.serverTimestamp() },
          { merge: true },
        );
      return { created: true, insertedId: record.id };
    },
    { key: lockRef.path },
  );
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
