import type { Query } from 'firebase-admin/firestore';
import { collections, db } from '../../lib/firestore.js';

// Every list of meal requests is newest first. Each query here that combines a filter with
// that order needs a composite index in firestore.indexes.json.

const requests = () => db.collection(collections.mealRequests);

/** A student's own requests. */
export function requestsOfUser(uid: string): Query {
  return requests().where('userUid', '==', uid).orderBy('requestedAt', 'desc');
}

/** An admin looking at one user's requests by their email. */
export function requestsByEmail(email: string): Query {
  return requests().where('userEmail', '==', email).orderBy('requestedAt', 'desc');
}

/** The admin list, optionally narrowed to users whose name or email has a word starting with `token`. */
export function allRequests(token?: string): Query {
  const base = token ? requests().where('searchTokens', 'array-contains', token) : requests();
  return base.orderBy('requestedAt', 'desc');
}
