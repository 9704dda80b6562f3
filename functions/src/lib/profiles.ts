import type { DocumentData } from 'firebase-admin/firestore';
import {
  dietProfileBody,
  emptyDietProfile,
  isBadge,
  isMember,
  membershipStatuses,
  roles,
  type DietProfile,
  type Membership,
  type UserAccount,
} from '@hostelhub/contracts';
import type { TokenClaims } from './api-token.js';
import { typed } from './converters/index.js';
import { isoTime } from './timestamps.js';
import { currentTime } from './clock.js';

/**
 * The stored membership (docs/data-model.md) in the API's words, or null when there is none
 * or it is not in the membership contract's shape (e.g. written by hand without a period
 * end): something that cannot say when it ends gives no rights.
 */
export function toMembership(stored: unknown): Membership | null {
  if (!stored || typeof stored !== 'object') return null;
  const data = stored as DocumentData;
  const currentPeriodEnd = isoTime(data.currentPeriodEnd);
  const status = membershipStatuses.find((known) => known === data.status);
  if (!currentPeriodEnd || !status || typeof data.packageId !== 'string') return null;
  return {
    packageId: data.packageId,
    packageName: typeof data.packageName === 'string' ? data.packageName : '',
    status,
    currentPeriodEnd,
    cancelAtPeriodEnd: data.cancelAtPeriodEnd === true,
    subscriptionId: typeof data.subscriptionId === 'string' ? data.subscriptionId : null,
  };
}

/** The stored diet profile, or the empty one when none (or none in the contract's shape) is stored. */
export function toDietProfile(stored: unknown): DietProfile {
  const parsed = dietProfileBody.safeParse(stored);
  return parsed.success ? parsed.data : emptyDietProfile;
}

/**
 * A stored user document in the API's words, as it stands at `now`: role and badge default
 * to the least privilege, and a membership whose rights have ended (isMember) is reported
 * `expired` with the Bronze badge, whether or not the daily tidy has written that yet.
 */
export function toUserAccount(id: string, data: DocumentData, now: Date = currentTime()): UserAccount {
  const stored = toMembership(data.membership);
  const member = isMember({ membership: stored }, now);
  const membership = stored && !member ? { ...stored, status: 'expired' as const } : stored;
  return {
    _id: id,
    name: data.name ?? '',
    email: data.email ?? '',
    photoURL: data.photoURL ?? null,
    role: roles.find((role) => role === data.role) ?? 'student',
    badge: member && isBadge(data.badge) ? data.badge : 'Bronze',
    membership,
    diet: toDietProfile(data.diet),
  };
}

/** Reads a user's stored profile: role and badge always come from here, never the client. */
export async function loadProfile(uid: string): Promise<UserAccount | null> {
  const stored = (await typed.users().doc(uid).get()).data();
  return stored ? toUserAccount(uid, stored) : null;
}

/** Firebase Auth stores emails lowercased, and so do user documents. */
export function userByEmailQuery(email: string) {
  return typed.users().where('email', '==', email.toLowerCase()).limit(1);
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
