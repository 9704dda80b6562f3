import type { DocumentData, Query } from 'firebase-admin/firestore';
import { isBadge, type UserAccount } from '@hostelhub/contracts';
import type { TokenClaims } from './api-token.js';
import { collections, db } from './firestore.js';
import { isoTime } from './timestamps.js';

/** A stored user document in the API's words; role and badge default to the least privilege. */
export function toUserAccount(id: string, data: DocumentData): UserAccount {
  const membership = data.membership
    ? {
        packageId: data.membership.packageId ?? null,
        packageName: data.membership.packageName ?? null,
        since: isoTime(data.membership.since),
      }
    : null;
  return {
    _id: id,
    name: data.name ?? '',
    email: data.email ?? '',
    photoURL: data.photoURL ?? null,
    role: data.role === 'admin' ? 'admin' : 'student',
    badge: isBadge(data.badge) ? data.badge : 'Bronze',
    membership,
  };
}

/** Reads a user's stored profile: role and badge always come from here, never the client. */
export async function loadProfile(uid: string): Promise<UserAccount | null> {
  const snapshot = await db.collection(collections.users).doc(uid).get();
  return snapshot.exists ? toUserAccount(uid, snapshot.data() ?? {}) : null;
}

/** Firebase Auth stores emails lowercased, and so do user documents. */
export function userByEmailQuery(email: string): Query {
  return db.collection(collections.users).where('email', '==', email.toLowerCase()).limit(1);
}

/**
 * The uid whose records a request in `email` scope concerns (the caller's own, or the user
 * an admin named); null when nobody has that email. Payments and reviews carry no email, so
 * an admin's ?email= is resolved here.
 */
export async function uidForEmail(user: TokenClaims, email: string): Promise<string | null> {
  if (email.toLowerCase() === user.email.toLowerCase()) return user.uid;
  const match = await userByEmailQuery(email).get();
  return match.docs[0]?.id ?? null;
}
