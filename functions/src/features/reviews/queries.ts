import type { Query } from 'firebase-admin/firestore';
import { collections, db } from '../../lib/firestore.js';

/**
 * "My Reviews": every review by one user across all meals, newest first. A collection-group
 * query, so its composite index has collection-group scope.
 */
export function reviewsByAuthor(uid: string): Query {
  return db.collectionGroup(collections.reviews).where('uid', '==', uid).orderBy('timeStamp', 'desc');
}
