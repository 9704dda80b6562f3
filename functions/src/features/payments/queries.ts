import { collections, db } from '../../lib/firestore.js';

/** A user's payments, newest first (paged by readPage; index in firestore.indexes.json). */
export const paymentHistoryQuery = (uid: string) =>
  db.collection(collections.payments).where('uid', '==', uid).orderBy('paidAt', 'desc');
