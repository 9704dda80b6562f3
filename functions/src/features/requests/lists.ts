// The read models of requests: GET /requested-meals (a member's own, the kitchen's queue and
// history, the admins' search). A member's reservations ahead are features/reservations/lists.ts.
import type { Query } from 'firebase-admin/firestore';
import { normalizeSearch, type Page, type RequestedMeal, type RequestedMealsQuery } from '@hostelhub/contracts';
import type { TokenClaims } from '../../lib/api-token.js';
import { isStaffOrAdmin } from '../../lib/auth.js';
import { readAll, typed, type MealRequestDocument } from '../../lib/converters/index.js';
import { badRequest, forbidden } from '../../lib/errors.js';
import { readPage } from '../../lib/paging.js';
import { loadProfile, toDietProfile } from '../../lib/profiles.js';
import {
  allRequests,
  pendingQueue,
  pendingQueueOfServing,
  requestHistory,
  requestsByEmail,
  requestsOfUser,
} from '../../lib/requests/queries.js';
import { toRequestedMealRows } from '../../lib/requests/rows.js';

type Requests = Query<MealRequestDocument>;

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
      return readRequestPage(query.queue === 'pending' ? queue : requestHistory(), query.limit, query.cursor, true);
    }
    return readRequestPage(allRequests(token || undefined), query.limit, query.cursor, true);
  }
  if (query.role === 'admin' || query.search || query.queue || query.servingId) {
    throw forbidden('Kitchen staff and admins only');
  }
  return readRequestPage(requestsOfUser(user.uid), query.limit, query.cursor);
}

/**
 * One page of requests, each with its meal's current like and review counts. The kitchen's
 * rows (`forKitchen`) carry the diner's avoided allergens too (their diet profile), read once
 * per distinct diner of the page, so "Avoids: peanuts" shows by the name.
 */
async function readRequestPage(
  query: Requests,
  limit: number,
  cursor: string | undefined,
  forKitchen = false,
): Promise<Page<RequestedMeal>> {
  const { docs, nextCursor } = await readPage(query, limit, cursor);
  const uids = forKitchen ? [...new Set(docs.map((doc) => doc.data().userUid))] : [];
  const [rows, profiles] = await Promise.all([
    toRequestedMealRows(docs),
    readAll(uids.map((uid) => typed.users().doc(uid))),
  ]);
  if (!forKitchen) return { items: rows, nextCursor };
  const avoidsOf = new Map(profiles.map((profile) => [profile.id, toDietProfile(profile.data()?.diet).avoid]));
  return {
    items: rows.map((row, index) => ({ ...row, dinerAvoids: avoidsOf.get(String(docs[index]?.data().userUid)) ?? [] })),
    nextCursor,
  };
}
