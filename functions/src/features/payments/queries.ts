import { collections, db } from '../../lib/firestore.js';

/** A user's payments, newest first (paged by readPage; index in firestore.indexes.json). */
export const paymentHistoryQuery = (uid: string) =>
  db.collection(collections.payments).where('uid', '==', uid).orderBy('paidAt', 'desc');

/** The payment rows of one subscription (one per invoice), to see whether one was taken back. */
export const subscriptionPaymentsQuery = (subscriptionId: string) =>
  db.collection(collections.payments).where('subscriptionId', '==', subscriptionId);

/**
 * Memberships whose paid period ended before `cutoff`, for the daily tidy (a single-field
 * range, which Firestore indexes by itself).
 */
export const endedMembershipsQuery = (cutoff: Date) =>
  db.collection(collections.users).where('membership.currentPeriodEnd', '<', cutoff);
