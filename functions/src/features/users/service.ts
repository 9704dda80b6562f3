import { Timestamp } from 'firebase-admin/firestore';
import {
  homeHallIn,
  acceptedPhotoUrl,
  emailPreferencesOf,
  normalizeSearch,
  userSearchTokens,
  type DietProfile,
  type ManagedUser,
  type Page,
  type Role,
  type UserProfile,
} from '@hostelhub/contracts';
import type { AdminActor } from '@hostelhub/contracts';
import type { TokenClaims } from '../../lib/api-token.js';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { typed } from '../../lib/converters/index.js';
import { adminAuth, db } from '../../lib/firestore.js';
import { notices, writeNotification } from '../../lib/notifications.js';
import { readPage } from '../../lib/paging.js';
import { hostelMonthNow } from '../../lib/halls.js';
import { toUserAccount, userByEmailQuery } from '../../lib/profiles.js';
import { adminsQuery, mealsAddedByQuery, usersSearchQuery } from './queries.js';
import { recordAction } from '../../lib/admin-actions.js';
import { sessionEndedMessage } from '../../lib/auth.js';
import { accountState } from '../../lib/account-state.js';

const alreadyExistsCode = 6; // gRPC ALREADY_EXISTS, what create() fails with
const notFoundCode = 5; // gRPC NOT_FOUND, what update() of a missing document fails with

export async function createProfile(user: TokenClaims, input: { name?: string; photoURL?: string | null }) {
  const account = await adminAuth.getUser(user.uid).catch((error: unknown) => {
    // A closed account's token, still trusted for a few seconds elsewhere (ADR 75), never
    // stores a profile again: Auth is asked here, uncached.
    if ((error as { code?: string }).code === 'auth/user-not-found') throw unauthorized(sessionEndedMessage);
    return null;
  });
  const name = input.name || account?.displayName || user.email.split('@')[0] || 'Resident';
  const photoURL = input.photoURL || acceptedPhotoUrl(account?.photoURL);
  try {
    // create() fails when the document exists, so two racing sign-ups store one profile.
    await typed
      .users()
      .doc(user.uid)
      .create({
        name,
        email: user.email,
        photoURL,
        role: 'student',
        badge: 'Bronze',
        membership: null,
        createdAt: Timestamp.now(),
        searchTokens: userSearchTokens(name, user.email),
      });
  } catch (error) {
    if ((error as { code?: number }).code === alreadyExistsCode) throw badRequest('User already exists');
    throw error;
  }
  return { insertedId: user.uid };
}

/**
 * Stores the caller's own diet profile (PATCH /user/diet). update() fails on a missing
 * profile, so a diet is never written for a user who has none.
 */
export async function updateDietProfile(uid: string, diet: DietProfile): Promise<DietProfile> {
  try {
    await typed
      .users()
      .doc(uid)
      .update({ diet: { avoid: diet.avoid, diets: diet.diets } });
  } catch (error) {
    if ((error as { code?: number }).code === notFoundCode) throw notFound('No profile for this user');
    throw error;
  }
  return { avoid: diet.avoid, diets: diet.diets };
}

/** The profile the dashboard shows; `email` is already checked to be in the caller's scope. */
export async function profileByEmail(caller: TokenClaims, email: string): Promise<UserProfile> {
  const own = email.toLowerCase() === caller.email.toLowerCase();
  const snapshot = own ? await typed.users().doc(caller.uid).get() : (await userByEmailQuery(email).get()).docs[0];
  const stored = snapshot?.data();
  if (!snapshot || !stored) {
    // The caller's own profile gone with their Auth account (closed, ADR 75): the token ends
    // here, on any instance, rather than when this instance's cached state runs out. The
    // site asks for the profile on every load, so its session ends at once.
    if (own && !(await accountState(caller.uid, { fresh: true })).active) throw unauthorized(sessionEndedMessage);
    throw notFound('No profile for this user');
  }
  const meals = await mealsAddedByQuery(snapshot.id).count().get();
  return {
    ...toUserAccount(snapshot.id, stored),
    numberOfMeals: meals.data().count,
    emailPreferences: emailPreferencesOf(stored.emailPreferences),
    // This month's hall: a choice made for it has come into force (ADR 72).
    homeHallId: homeHallIn(stored, hostelMonthNow()),
    nextHall: stored.nextHall && stored.nextHall.month > hostelMonthNow() ? stored.nextHall : null,
    hallIds: stored.hallIds ?? [],
    leaveCreditCents: stored.leaveCreditCents ?? 0,
  };
}

export async function searchUsers(input: {
  nameOrEmail?: string;
  limit: number;
  cursor?: string;
}): Promise<Page<ManagedUser>> {
  const search = normalizeSearch(input.nameOrEmail ?? '') || undefined;
  const { docs, nextCursor } = await readPage(usersSearchQuery(search), input.limit, input.cursor);
  return { items: docs.map((doc) => toUserAccount(doc.id, doc.data())), nextCursor };
}

export const lastAdminMessage = 'The last admin cannot lose the admin role: make someone else an admin first';

/**
 * Changes a role in a transaction, so the answer reflects what was actually stored. An admin
 * never demotes themselves, and never the last admin: the admins are read in the same
 * transaction as the change, so two admins demoting each other at once are serialised by
 * Firestore and the second finds the first one the last admin (409).
 */
export async function changeRole(actor: AdminActor, targetUid: string, role: Role) {
  if (targetUid === actor.uid && role !== 'admin') {
    throw conflict('You cannot remove your own admin role');
  }
  const ref = typed.users().doc(targetUid);
  return db.runTransaction(async (transaction) => {
    const stored = (await transaction.get(ref)).data();
    if (!stored) throw notFound('User not found');
    if (stored.role === role) return { modifiedCount: 0 };
    if (role !== 'admin') {
      const admins = await transaction.get(adminsQuery(2));
      const othersRemain = admins.docs.some((admin) => admin.id !== targetUid);
      if (!othersRemain) throw conflict(lastAdminMessage);
    }
    transaction.update(ref, { role });
    recordAction(transaction, actor, {
      kind: 'user.role',
      target: { type: 'user', id: targetUid, label: stored.name ?? '' },
      before: { role: stored.role ?? null },
      after: { role },
    });
    // Each promotion is its own event (the role may have been taken away in between).
    if (role === 'admin') writeNotification(transaction, targetUid, `made-admin-${Date.now()}`, notices.madeAdmin());
    if (role === 'staff') writeNotification(transaction, targetUid, `made-staff-${Date.now()}`, notices.madeStaff());
    return { modifiedCount: 1 };
  });
}
