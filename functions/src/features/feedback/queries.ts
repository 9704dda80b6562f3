import type { Query } from 'firebase-admin/firestore';
import type { ComplaintCategory, ComplaintStatus } from '@hostelhub/contracts';
import { collections, db } from '../../lib/firestore.js';

// Feedback's reads (docs/api.md "Ratings and complaints"). Each variant is listed for the
// index check (functions/test/support/indexed-queries.ts).

const complaints = () => db.collection(collections.complaints);

export type ComplaintFilter = { status?: ComplaintStatus; category?: ComplaintCategory; urgent?: boolean };

function filtered(query: Query, filter: ComplaintFilter): Query {
  let result = query;
  if (filter.urgent) result = result.where('urgent', '==', true);
  if (filter.status) result = result.where('status', '==', filter.status);
  if (filter.category) result = result.where('category', '==', filter.category);
  return result;
}

/** A member's own complaints, newest first. */
export const complaintsOfAuthor = (uid: string, filter: ComplaintFilter): Query =>
  filtered(complaints().where('uid', '==', uid), filter).orderBy('createdAt', 'desc');

/** Everyone's complaints for staff and admins: unanswered first, then the oldest first. */
export const complaintsQueue = (filter: ComplaintFilter): Query =>
  filtered(complaints(), filter).orderBy('answered').orderBy('createdAt');

/** A serving's ratings (at most its members). */
export const ratingsOfServing = (servingId: string): Query =>
  db.collection(collections.servingRatings).where('servingId', '==', servingId);

/** The caller's served reservations of servings from `fromDate` on: what they may still rate. */
export const servedReservationsOfUser = (uid: string, fromDate: string): Query =>
  db
    .collection(collections.mealRequests)
    .where('userUid', '==', uid)
    .where('status', '==', 'delivered')
    .where('servingDate', '>=', fromDate)
    .orderBy('servingDate');

/** The servings of the days `from` to `to`: the planner's reservation figures. */
export const servingsOfDays = (from: string, to: string): Query =>
  db.collection(collections.servings).where('date', '>=', from).where('date', '<=', to).orderBy('date');

/** Every admin: an urgent complaint reaches each one's bell. */
export const adminsToAlert = (): Query => db.collection(collections.users).where('role', '==', 'admin').limit(50);
