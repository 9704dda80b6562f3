import type { Query } from 'firebase-admin/firestore';
import { closedRequestValues, storedValuesOf } from '@hostelhub/contracts';
import { typed, type MealRequestDocument, type ServingDocument } from '../converters/index.js';

// Every list of meal requests is newest first. Each query here that combines a filter with
// that order needs a composite index in firestore.indexes.json.

const requests = () => typed.mealRequests();

type Requests = Query<MealRequestDocument>;

/** A student's own requests. */
export function requestsOfUser(uid: string): Requests {
  return requests().where('userUid', '==', uid).orderBy('requestedAt', 'desc');
}

/** An admin looking at one user's requests by their email. */
export function requestsByEmail(email: string): Requests {
  return requests().where('userEmail', '==', email).orderBy('requestedAt', 'desc');
}

/** The admin list, optionally narrowed to users whose name or email has a word starting with `token`. */
export function allRequests(token?: string): Requests {
  const base = token ? requests().where('searchTokens', 'array-contains', token) : requests();
  return base.orderBy('requestedAt', 'desc');
}

/** The statuses that use up the week's quota; a cancelled request gives its place back. */
const countedValues = storedValuesOf('pending', 'served');

/**
 * A user's requests that count against the quota of the week starting `week` (the Monday
 * `YYYY-MM-DD` in the hostel's zone): `quotaWeek` is the week a request was made in, or for
 * a reservation the week of its serving's date (ADR 0029). Cancelled ones are filtered out
 * by Firestore, not read: a request/cancel loop leaves the quota's reads where they were.
 * Read with limit(weekly limit) in the request's transaction and counted with count() for
 * GET /meal-request/quota.
 */
export function countedRequestsOfUserInWeek(uid: string, week: string): Requests {
  return requests().where('userUid', '==', uid).where('status', 'in', countedValues).where('quotaWeek', '==', week);
}

/** A member's reservations still to be served from `fromDate` on, by day (the counter's current passes). */
export function upcomingReservationsOfUser(uid: string, fromDate: string): Requests {
  return requests()
    .where('userUid', '==', uid)
    .where('status', '==', 'pending')
    .where('servingDate', '>=', fromDate)
    .orderBy('servingDate');
}

/**
 * A member's reservations of servings from `fromDate` on that still hold their place, waiting
 * or served (GET /my-reservations): the site marks each serving Reserved, today's served ones
 * too. By day, soonest first; paged, so every one of them is reachable whatever their number.
 */
export function heldReservationsOfUser(uid: string, fromDate: string): Requests {
  return requests()
    .where('userUid', '==', uid)
    .where('status', 'in', countedValues)
    .where('servingDate', '>=', fromDate)
    .orderBy('servingDate');
}

/**
 * Serve Meals' queue: pending requests, priority members' first, then the oldest first.
 * A record without `priority` (made before it existed; see scripts/migrate-request-history.mjs)
 * is not in it.
 */
export function pendingQueue(): Requests {
  return requests().where('status', '==', 'pending').orderBy('priority', 'desc').orderBy('requestedAt', 'asc');
}

/** The queue narrowed to the reservations for one serving, in the queue's order. */
export function pendingQueueOfServing(servingId: string): Requests {
  return requests()
    .where('servingId', '==', servingId)
    .where('status', '==', 'pending')
    .orderBy('priority', 'desc')
    .orderBy('requestedAt', 'asc');
}

/** Serve Meals' history: requests served or cancelled, newest first. */
export function requestHistory(): Requests {
  return requests().where('status', 'in', closedRequestValues).orderBy('requestedAt', 'desc');
}

/** The reservations of one serving still pending: after the serving ended, its no-shows. */
export function pendingReservationsOfServing(servingId: string): Requests {
  return requests().where('servingId', '==', servingId).where('status', '==', 'pending');
}

/** Servings that ended in [since, until): the no-show count's candidates (features/reservations/no-shows.ts). */
export function servingsEndedBetween(since: Date, until: Date): Query<ServingDocument> {
  return typed.servings().where('endsAt', '>=', since).where('endsAt', '<', until);
}
