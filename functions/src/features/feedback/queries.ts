import type { Query } from 'firebase-admin/firestore';
import { storedValuesOf, type ComplaintCategory, type ComplaintStatus } from '@hostelhub/contracts';
import { typed, type ComplaintDocument } from '../../lib/converters/index.js';

// Feedback's reads (docs/api.md "Ratings and complaints"). Each variant is listed for the
// index check (functions/test/support/indexed-queries.ts).

const complaints = () => typed.complaints();
const servedValues = storedValuesOf('served');

export type ComplaintFilter = {
  status?: ComplaintStatus;
  category?: ComplaintCategory;
  /** Only these categories (kitchen staff: all but the admins' own), when no one category is asked for. */
  categories?: readonly ComplaintCategory[];
  urgent?: boolean;
};

function filtered(query: Query<ComplaintDocument>, filter: ComplaintFilter): Query<ComplaintDocument> {
  let result = query;
  if (filter.urgent) result = result.where('urgent', '==', true);
  if (filter.status) result = result.where('status', '==', filter.status);
  if (filter.category) result = result.where('category', '==', filter.category);
  else if (filter.categories) result = result.where('category', 'in', [...filter.categories]);
  return result;
}

/** A member's own complaints, newest first. */
export const complaintsOfAuthor = (uid: string, filter: ComplaintFilter) =>
  filtered(complaints().where('uid', '==', uid), filter).orderBy('createdAt', 'desc');

/** Everyone's complaints for staff and admins: unanswered first, then the oldest first. */
export const complaintsQueue = (filter: ComplaintFilter) =>
  filtered(complaints(), filter).orderBy('answered').orderBy('createdAt');

/** A serving's ratings (at most its members). */
export const ratingsOfServing = (servingId: string) => typed.servingRatings().where('servingId', '==', servingId);

/** The caller's served reservations of servings from `fromDate` on: what they may still rate. */
export const servedReservationsOfUser = (uid: string, fromDate: string) =>
  typed
    .mealRequests()
    .where('userUid', '==', uid)
    .where('status', 'in', servedValues)
    .where('servingDate', '>=', fromDate)
    .orderBy('servingDate');

/** The servings of the days `from` to `to`: the planner's reservation figures. */
export const servingsOfDays = (from: string, to: string) =>
  typed.servings().where('date', '>=', from).where('date', '<=', to).orderBy('date');

/** One meal the member was served, if any: who may complain (ADR 68). */
export const servedMealOfUser = (uid: string) =>
  typed.mealRequests().where('userUid', '==', uid).where('status', 'in', servedValues).limit(1);

/** The complaints one digest window's email lists (ADR 68); in no order, sorted once read. */
export const complaintsOfDigestWindow = (window: string) => complaints().where('digestWindow', '==', window);

/** Every admin: an urgent complaint reaches each one's bell. */
export const adminsToAlert = () => typed.users().where('role', '==', 'admin').limit(50);
