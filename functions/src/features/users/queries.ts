import type { Query } from 'firebase-admin/firestore';
import { typed, type UserDocument } from '../../lib/converters/index.js';

/** Manage Users: everyone by name, or those with a word of name or email starting with `search`. */
export function usersSearchQuery(search: string | undefined): Query<UserDocument> {
  let query: Query<UserDocument> = typed.users();
  if (search) query = query.where('searchTokens', 'array-contains', search);
  return query.orderBy('name', 'asc');
}

/**
 * The meals an admin added, for the profile's meal count: their private halves, where the
 * admin's uid is kept (lib/meal-private.ts). Published meals only.
 */
export function mealsAddedByQuery(adminUid: string) {
  return typed.mealPrivate().where('adminUid', '==', adminUid);
}

/**
 * Admins, at most `limit` of them: read in the role-changing transaction to know whether
 * taking one admin's rights away would leave none (two suffice to know).
 */
export function adminsQuery(limit: number) {
  return typed.users().where('role', '==', 'admin').limit(limit);
}
