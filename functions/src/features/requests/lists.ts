// The read models of requests: GET /requested-meals (a member's own, the kitchen's queue and
// history, the admins' search) and GET /my-reservations.
import type { DocumentReference, DocumentSnapshot, Query } from 'firebase-admin/firestore';
import {
  hostelDate,
  normalizeSearch,
  requestStatuses,
  type MyReservations,
  type Page,
  type RequestedMeal,
  type RequestedMealsQuery,
  type RequestStatus,
} from '@hostelhub/contracts';
import type { TokenClaims } from '../../lib/api-token.js';
import { isStaffOrAdmin } from '../../lib/auth.js';
import { readAll, typed, type MealDocument, type MealRequestDocument } from '../../lib/converters/index.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { readPage } from '../../lib/paging.js';
import { loadProfile, toDietProfile } from '../../lib/profiles.js';
import { isoTime } from '../../lib/timestamps.js';
import { hostelTimeZone } from '../../config.js';
import { servingRef, toReservationServing, type ServingSnapshot } from '../../lib/servings.js';
import {
  allRequests,
  pendingQueue,
  pendingQueueOfServing,
  requestHistory,
  requestsByEmail,
  requestsOfUser,
  heldReservationsOfUser,
} from './queries.js';
import type { RequestSnapshot } from './records.js';

type Requests = Query<MealRequestDocument>;
import { currentTime } from '../../lib/clock.js';

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
async function readKitchenPage(
  query: Requests,
  limit: number,
  cursor: string | undefined,
): Promise<Page<RequestedMeal>> {
  const { docs, nextCursor } = await readPage(query, limit, cursor);
  const uids = [...new Set(docs.map((doc) => doc.data().userUid))];
  const [rows, profiles] = await Promise.all([
    toRequestedMealRows(docs),
    readAll(uids.map((uid) => typed.users().doc(uid))),
  ]);
  const avoidsOf = new Map(profiles.map((profile) => [profile.id, toDietProfile(profile.data()?.diet).avoid]));
  return {
    items: rows.map((row, index) => ({ ...row, dinerAvoids: avoidsOf.get(String(docs[index]?.data().userUid)) ?? [] })),
    nextCursor,
  };
}

/** One page of requests, each with its meal's current like and review counts. */
async function readRequestPage(
  query: Requests,
  limit: number,
  cursor: string | undefined,
): Promise<Page<RequestedMeal>> {
  const { docs, nextCursor } = await readPage(query, limit, cursor);
  return { items: await toRequestedMealRows(docs), nextCursor };
}

/** Rows for request records, with their meals and servings read in one round trip each. */
async function toRequestedMealRows(docs: RequestSnapshot[]): Promise<RequestedMeal[]> {
  const stored = docs.map((doc) => doc.data());
  const [meals, servings] = await Promise.all([
    mealsById(stored.map((request) => String(request?.mealId))),
    servingsById(stored.flatMap((request) => (request?.servingId === undefined ? [] : [request.servingId]))),
  ]);
  return docs.map((doc, index) =>
    toRequestedMealRow(doc, meals.get(String(stored[index]?.mealId)), servings.get(String(stored[index]?.servingId))),
  );
}

/** The order of a day's slots, for a page of reservations. */
const slotOrder = ['breakfast', 'lunch', 'dinner'];

/**
 * GET /my-reservations: a page of the caller's reservations from today on, waiting or served.
 * Firestore orders them by day only (a request stores its serving's date and slot, not its
 * time); within the page a day's reservations run by slot and start.
 */
export async function myReservations(
  uid: string,
  page: { limit: number; cursor?: string | undefined },
  now: Date = currentTime(),
): Promise<MyReservations> {
  const today = hostelDate(now, hostelTimeZone());
  const { docs, nextCursor } = await readPage(heldReservationsOfUser(uid, today), page.limit, page.cursor);
  const items = await toRequestedMealRows(docs);
  return {
    items: items.sort(
      (a, b) =>
        (a.serving?.date ?? '').localeCompare(b.serving?.date ?? '') ||
        slotOrder.indexOf(a.serving?.slot ?? '') - slotOrder.indexOf(b.serving?.slot ?? '') ||
        (a.serving?.startsAt ?? '').localeCompare(b.serving?.startsAt ?? ''),
    ),
    nextCursor,
  };
}

/** Reads documents by id in one round trip, keyed by id. */
async function byId<T>(
  ids: string[],
  refOf: (id: string) => DocumentReference<T>,
): Promise<Map<string, DocumentSnapshot<T>>> {
  const snapshots = await readAll([...new Set(ids)].map(refOf));
  return new Map(snapshots.map((snapshot) => [snapshot.id, snapshot]));
}

const servingsById = (servingIds: string[]) => byId(servingIds, servingRef);

/** Reads the meals of a page in one round trip. */
const mealsById = (mealIds: string[]) => byId(mealIds, (id) => typed.meals().doc(id));

function toRequestedMealRow(
  request: RequestSnapshot,
  meal: DocumentSnapshot<MealDocument> | undefined,
  serving: ServingSnapshot | undefined,
): RequestedMeal {
  const data: Partial<MealRequestDocument> = request.data() ?? {};
  const mealData: Partial<MealDocument> = meal?.data() ?? {};
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
