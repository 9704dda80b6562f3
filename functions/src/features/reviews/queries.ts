import { typed } from '../../lib/converters/index.js';

/**
 * "My Reviews": every review by one user across all meals, newest first. A collection-group
 * query, so its composite index has collection-group scope.
 */
export function reviewsByAuthor(uid: string) {
  return typed.allReviews().where('uid', '==', uid).orderBy('timeStamp', 'desc');
}
