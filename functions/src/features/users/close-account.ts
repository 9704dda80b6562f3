// DELETE /user (ADR 75): a member closes their own account. It needs a sign-in of the last few
// minutes, proven by a fresh Firebase ID token; staff and admins are made students first (an
// admin's change, which keeps one admin). Then, each step safe to run again:
//   1. the profile is marked `closing`, the membership ended in the books, a hall choice given back;
//   2. what the member holds ahead is given back (pending requests, skips, leave not started);
//   3. every record about them is anonymised or deleted (closing-records.ts);
//   4. their Stripe customer is deleted (Stripe ends its subscription with it);
//   5. the profile, then the Firebase Auth account, are deleted.
// A failure part way answers an error and leaves the account signed in: the member repeats the
// request, which finds its way through what was done. Auth goes last, so they can.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { logger } from 'firebase-functions';
import { formerMemberName, hostelDate, recentSignInSeconds, type Deleted } from '@hostelhub/contracts';
import { forgetAccount } from '../../lib/account-state.js';
import { signValue, type TokenClaims } from '../../lib/api-token.js';
import { currentTime } from '../../lib/clock.js';
import { dataOf, converters, typed, type UserDocument } from '../../lib/converters/index.js';
import { setSkip, skipsOfMemberFrom } from '../../lib/default-booking.js';
import { ApiError, conflict, forbidden } from '../../lib/errors.js';
import { adminAuth, db } from '../../lib/firestore.js';
import { hallChoiceRef, hostelMonthNow } from '../../lib/halls.js';
import { countLeave } from '../../lib/leave.js';
import { withdrawForLeave } from '../../lib/requests/lifecycle.js';
import { recordMembershipChange } from '../../lib/rollups.js';
import { cutoffOf, servingRef } from '../../lib/servings.js';
import { stripeCall } from '../../lib/stripe-client.js';
import { hostelTimeZone } from '../../config.js';
import { anonymiseRecords, closingQueries, type Closing } from './closing-records.js';
import { adminsQuery } from './queries.js';

export const staffCannotCloseMessage =
  'Kitchen staff and admins close their account once an admin has made them a student';
export const lastAdminCannotCloseMessage =
  "You are the hostel's last admin: make someone else an admin before closing your account";
const signInAgain = 'sign in again to close your account';

/**
 * The id a closed account's kept records carry: the same on every repeat (keyed by the API's
 * secret, so nobody can work the uid back from it, nor it from the uid).
 */
export const anonymousIdOf = (uid: string) => `deleted-${signValue('closed-account', uid).slice(0, 20)}`;

/**
 * The body's Firebase ID token must be the caller's own, valid and not revoked, and come from
 * a sign-in (password or provider) within recentSignInSeconds: a browser left signed in does
 * not close its account. A 403 rather than a 401, which would end the site's session.
 */
async function assertRecentSignIn(uid: string, idToken: string, now: Date): Promise<void> {
  let decoded: DecodedIdToken;
  try {
    decoded = await adminAuth.verifyIdToken(idToken, true);
  } catch {
    throw forbidden(`idToken: not a valid, current Firebase ID token: ${signInAgain}`);
  }
  if (decoded.uid !== uid) throw forbidden('idToken: the ID token is of another account');
  const signedInAgo = now.getTime() / 1000 - decoded.auth_time;
  if (signedInAgo > recentSignInSeconds) {
    throw forbidden(`idToken: your last sign-in was more than ${recentSignInSeconds / 60} minutes ago: ${signInAgain}`);
  }
}

/**
 * Step 1, one transaction: refuses staff and admins (409), marks the profile `closing`, ends a
 * membership that counts in the books (the members series loses one now, under the anonymous
 * id, as Stripe's cancel would have told), and gives a hall chosen for a month ahead its place
 * back. Answers the stored profile, or null when there is none (never made, or deleted by an
 * earlier attempt that stopped before Auth).
 */
async function beginClosing(uid: string, anonymousId: string, now: Date): Promise<UserDocument | null> {
  const ref = typed.users().doc(uid);
  return db.runTransaction(async (transaction) => {
    const stored = dataOf(converters.users, await transaction.get(ref));
    if (!stored) return null;
    if (stored.role === 'admin') {
      const admins = await transaction.get(adminsQuery(2));
      if (!admins.docs.some((admin) => admin.id !== uid)) throw conflict(lastAdminCannotCloseMessage);
      throw conflict(staffCannotCloseMessage);
    }
    if (stored.role === 'staff') throw conflict(staffCannotCloseMessage);
    // Every read before the first write, as a transaction must.
    const chosen = stored.nextHall && stored.nextHall.month > hostelMonthNow() ? stored.nextHall : null;
    const choices = chosen ? await transaction.get(hallChoiceRef(chosen.hallId, chosen.month)) : null;
    const changes: Record<string, unknown> = {};
    if (!stored.closing) changes.closing = { anonymousId, startedAt: Timestamp.fromDate(now) };
    if (stored.membership) {
      recordMembershipChange(transaction, anonymousId, stored.membership, null, now);
      changes.membership = null;
      changes.badge = 'Bronze';
    }
    if (chosen) {
      if (choices?.exists) transaction.update(choices.ref, { count: FieldValue.increment(-1) });
      changes.nextHall = null;
    }
    if (Object.keys(changes).length > 0) transaction.update(ref, changes);
    return stored;
  });
}

/**
 * Step 2: what the member holds ahead goes back as if they had cancelled it, so the kitchen's
 * counts and places stay true: pending requests and reservations (those past their cutoff
 * stay: the kitchen has cooked), skips before their cutoff (booked by default, they would
 * count one member too few), and leave not started yet (pending, or approved: its days and
 * credit counted out).
 */
async function giveBack(uid: string, anonymousId: string, now: Date): Promise<void> {
  const queries = closingQueries(uid, anonymousId);
  const pending = await queries.pendingRequests.get();
  for (const request of pending.docs) await withdrawForLeave(request.id);

  const today = hostelDate(now, hostelTimeZone());
  const skips = await skipsOfMemberFrom(uid, today).get();
  for (const skip of skips.docs) {
    await db.runTransaction(async (transaction) => {
      const serving = await transaction.get(servingRef(skip.data().servingId));
      if (serving.exists && now.getTime() < cutoffOf(serving).getTime())
        await setSkip(transaction, serving, uid, false);
    });
  }

  const leaves = await queries.leavesToCancel.get();
  for (const leave of leaves.docs) {
    await db.runTransaction(async (transaction) => {
      const stored = dataOf(converters.leaves, await transaction.get(leave.ref));
      if (!stored || stored.from <= today) return;
      if (stored.status !== 'pending' && stored.status !== 'approved') return;
      transaction.update(leave.ref, { status: 'cancelled', cancelledAt: FieldValue.serverTimestamp() });
      if (stored.status === 'approved') countLeave(transaction, stored, -1);
    });
  }
}

/** Step 4: the member's Stripe customer, which Stripe deletes with its subscriptions; gone already is done. */
async function deleteStripeCustomer(customerId: string | undefined): Promise<void> {
  if (!customerId) return;
  try {
    await stripeCall('Stripe customer', (stripe) => stripe.customers.del(customerId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/** Step 5: the Firebase Auth account, last; one already gone is done. */
async function deleteAuthAccount(uid: string): Promise<void> {
  try {
    await adminAuth.deleteUser(uid);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
}

/** DELETE /user: closes the caller's account, or finishes closing it. */
export async function closeAccount(caller: TokenClaims, idToken: string): Promise<Deleted> {
  const now = currentTime();
  const { uid } = caller;
  await assertRecentSignIn(uid, idToken, now);
  const anonymousId = anonymousIdOf(uid);
  const profile = await beginClosing(uid, anonymousId, now);
  logger.info('Closing an account', { anonymousId, resumed: profile?.closing !== undefined });
  await giveBack(uid, anonymousId, now);
  const closing: Closing = {
    uid,
    anonymousId,
    names: new Set([profile?.name ?? ''].filter((name) => name && name !== formerMemberName)),
    emails: new Set([caller.email, profile?.email ?? ''].filter(Boolean).map((email) => email.toLowerCase())),
  };
  await anonymiseRecords(closing);
  await deleteStripeCustomer(profile?.stripeCustomerId);
  await typed.users().doc(uid).delete();
  await deleteAuthAccount(uid);
  // This instance refuses the account's API tokens from now on (lib/account-state.ts).
  forgetAccount(uid);
  logger.info('Closed an account', { anonymousId });
  return { deletedCount: 1 };
}
