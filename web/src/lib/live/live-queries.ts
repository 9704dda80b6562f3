// The Firestore queries the site listens to: exactly the reads firestore.rules allows a
// client (docs/security.md), and each the first page of a query the API already runs, so
// the indexes of firestore.indexes.json answer them (functions/src/lib/requests/queries.ts,
// paged like functions/src/lib/paging.ts: ties broken by document id).
import { collection, documentId, limit, orderBy, query, where, type Firestore, type Query } from 'firebase/firestore';
import { closedRequestValues, notificationListLimit } from '@hostelhub/contracts';

const mealRequests = (db: Firestore) => collection(db, 'mealRequests');

/** A user's own requests, newest first: the first page of GET /requested-meals (requestsOfUser). */
export const ownRequestsQuery = (db: Firestore, uid: string, pageSize: number): Query =>
  query(
    mealRequests(db),
    where('userUid', '==', uid),
    orderBy('requestedAt', 'desc'),
    orderBy(documentId()),
    limit(pageSize),
  );

/** Served and cancelled requests, newest first (admins): Serve Meals' history (requestHistory). */
export const requestHistoryQuery = (db: Firestore, pageSize: number): Query =>
  query(
    mealRequests(db),
    where('status', 'in', closedRequestValues),
    orderBy('requestedAt', 'desc'),
    orderBy(documentId()),
    limit(pageSize),
  );

/** Serve Meals' queue (admins): pending, priority first, then the oldest (pendingQueue). */
export const pendingQueueQuery = (db: Firestore, pageSize: number): Query =>
  query(
    mealRequests(db),
    where('status', '==', 'pending'),
    orderBy('priority', 'desc'),
    orderBy('requestedAt', 'asc'),
    orderBy(documentId()),
    limit(pageSize),
  );

/** Pending requests for the admin's count, at most `cap` of them (a single-field index). */
export const pendingRequestsQuery = (db: Firestore, cap: number): Query =>
  query(mealRequests(db), where('status', '==', 'pending'), limit(cap));

/** A user's newest notifications (a single-field index on the subcollection). */
export const notificationsQuery = (db: Firestore, uid: string): Query =>
  query(collection(db, 'users', uid, 'notifications'), orderBy('createdAt', 'desc'), limit(notificationListLimit));

/** A day's servings (admins): the kitchen view's counts, live (a single-field index on date). */
export const servingsOfDayQuery = (db: Firestore, date: string): Query =>
  query(collection(db, 'servings'), where('date', '==', date));
