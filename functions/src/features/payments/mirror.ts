import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type Stripe from 'stripe';
import {
  isMember,
  ownValue,
  type Badge,
  type Membership,
  type MembershipChanged,
  type MembershipStatus,
} from '@hostelhub/contracts';
import { conflict, forbidden } from '../../lib/errors.js';
import { converters, dataOf, typed } from '../../lib/converters/index.js';
import { db } from '../../lib/firestore.js';
import { emails } from '../../lib/emails.js';
import { sendMail } from '../../lib/mail.js';
import { mailRecipientOf } from '../../lib/mail-recipients.js';
import { notices, notificationMissing, writeNotification } from '../../lib/notifications.js';
import { toMembership } from '../../lib/profiles.js';
import { recordMembershipChange } from '../../lib/rollups.js';
import { loadPackage } from './membership-price.js';
import { subscriptionPaymentsQuery } from './queries.js';
import { stripeCall } from '../../lib/stripe-client.js';
import { currentTime } from '../../lib/clock.js';

// Memberships are Stripe Subscriptions; Firestore mirrors them. Every path that changes a
// membership (the page after paying, Cancel, Resume, Change plan, each webhook event) ends
// in mirrorSubscription, which reads the subscription from Stripe inside a transaction on
// the user document: whatever order events arrive in, and however often, the last writer
// has read Stripe after every earlier writer committed, so the mirror ends as Stripe is.

/** Payment rows whose money was taken back: the period they paid gives no rights. */
const revokedPaymentStatuses = ['refunded', 'disputed'] as const;
export type RevokedPaymentStatus = (typeof revokedPaymentStatuses)[number];

/** The uid a subscription was created for (its metadata, set by the API only). */
export function uidOf(subscription: Stripe.Subscription): string {
  const uid = subscription.metadata?.uid;
  if (!uid) throw conflict('This subscription is not a HostelHub membership');
  return uid;
}

/** The subscription's one item: the plan it bills. */
export function itemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem {
  const item = subscription.items.data[0];
  if (!item) throw conflict('This subscription has no plan');
  return item;
}

/**
 * The id of the package a subscription is for now: its Price's (a plan change moves the
 * subscription to another package's Price), else the subscription's own from when it was made.
 */
export function packageIdOf(subscription: Stripe.Subscription): string {
  const packageId = itemOf(subscription).price.metadata?.packageId ?? subscription.metadata?.packageId;
  if (!packageId) throw conflict('This subscription is not for a HostelHub package');
  return packageId;
}

/**
 * The package a subscription is for, named as the catalogue has it now (as the Price was
 * named when the package has gone since).
 */
export async function packageOf(subscription: Stripe.Subscription): Promise<{ id: string; name: string }> {
  const id = packageIdOf(subscription);
  const name =
    (await loadPackage(id))?.name ??
    itemOf(subscription).price.metadata?.packageName ??
    subscription.metadata?.packageName ??
    '';
  return { id, name };
}

/**
 * The membership a subscription gives, in the contract's words; null while it gives none
 * (incomplete: the first payment has not gone through).
 *
 * `currentPeriodEnd` is the end of what was paid. Stripe moves its period forward at a
 * renewal even when the card is declined, so for past_due (the renewal unpaid) the paid
 * period ended where Stripe's current period starts; a subscription that ended early
 * (canceled at once) ends at `ended_at`.
 */
export function membershipFromSubscription(
  subscription: Stripe.Subscription,
  packageName: string,
  revoked: boolean,
): (Omit<Membership, 'currentPeriodEnd'> & { currentPeriodEnd: Date }) | null {
  const statuses: Partial<Record<Stripe.Subscription.Status, MembershipStatus>> = {
    active: 'active',
    trialing: 'active',
    past_due: 'past_due',
    unpaid: 'past_due',
    canceled: 'canceled',
  };
  const status = ownValue(statuses, subscription.status);
  if (!status) return null;
  const item = itemOf(subscription);
  let paidUntil = status === 'past_due' ? item.current_period_start : item.current_period_end;
  if (subscription.ended_at) paidUntil = Math.min(paidUntil, subscription.ended_at);
  return {
    packageId: packageIdOf(subscription),
    packageName,
    status: revoked ? 'expired' : status,
    currentPeriodEnd: new Date(paidUntil * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || Boolean(subscription.cancel_at),
    subscriptionId: subscription.id,
  };
}

/** What the stored membership answers: the contract's shape and the badge it gives now. */
function changedAnswer(stored: unknown, badge: unknown, now: Date): MembershipChanged {
  const membership = toMembership(stored);
  const member = isMember({ membership }, now);
  return {
    membership: membership && !member ? { ...membership, status: 'expired' } : membership,
    badge: member ? (badge as Badge) : 'Bronze',
  };
}

/** The subscription, read from Stripe now. */
export const retrieveSubscription = (subscriptionId: string) =>
  stripeCall('subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId));

/**
 * Mirrors a subscription onto its user: reads it from Stripe while holding the user
 * document, so concurrent mirrors serialise and the last one wrote Stripe's latest state.
 * A subscription does not overwrite a different one that still gives rights (an old
 * subscription's late event never replaces the current plan).
 */
export async function mirrorSubscription(subscriptionId: string, forUid: string | null): Promise<MembershipChanged> {
  // Read once outside the transaction to know whose document to hold.
  const uid = uidOf(await retrieveSubscription(subscriptionId));
  if (forUid !== null && uid !== forUid) throw forbidden('This subscription belongs to another account');
  const userRef = typed.users().doc(uid);
  // Set when the membership is set to end: its email goes out after the transaction.
  let ending: { key: string; packageName: string; endsAt: Date } | null = null;

  const changed = await db.runTransaction(async (transaction): Promise<MembershipChanged> => {
    ending = null;
    const user = dataOf(converters.users, await transaction.get(userRef));
    const subscription = await retrieveSubscription(subscriptionId);
    const now = currentTime();
    if (!user) {
      logger.warn('A subscription for a user without a profile', { uid, subscriptionId });
      return { membership: null, badge: 'Bronze' };
    }
    const revoked = await hasRevokedPayment(transaction, subscriptionId);
    const derived = membershipFromSubscription(subscription, (await packageOf(subscription)).name, revoked);
    const current = toMembership(user.membership);
    const ownedByAnother =
      current !== null &&
      current.subscriptionId !== null &&
      current.subscriptionId !== subscriptionId &&
      isMember({ membership: current }, now);
    if (!derived || ownedByAnother) return changedAnswer(user.membership, user.badge, now);

    const stored = { ...derived, currentPeriodEnd: Timestamp.fromDate(derived.currentPeriodEnd) };
    const member = isMember(
      { membership: { ...derived, currentPeriodEnd: derived.currentPeriodEnd.toISOString() } },
      now,
    );
    const badge = member ? derived.packageName : 'Bronze';
    // A membership set to end (canceled at period end) is told once per period end, however
    // many events report it; resuming and canceling again in the same period says nothing new.
    const endingNow = member && derived.cancelAtPeriodEnd && derived.status !== 'canceled';
    const endingNoticeId = `membership-ends-${subscriptionId}-${derived.currentPeriodEnd.getTime() / 1000}`;
    const tellEnding = endingNow && (await notificationMissing(transaction, uid, endingNoticeId));
    transaction.update(userRef, { membership: stored, badge });
    // A membership started, changed tier or ended: counted with the change (ADR 0036).
    recordMembershipChange(transaction, uid, user.membership, stored, now);
    if (tellEnding) {
      writeNotification(
        transaction,
        uid,
        endingNoticeId,
        notices.membershipEndsSoon(derived.packageName, derived.currentPeriodEnd),
      );
    }
    if (endingNow) {
      ending = { key: endingNoticeId, packageName: derived.packageName, endsAt: derived.currentPeriodEnd };
    }
    return changedAnswer(stored, badge, now);
  });
  // Asked on every mirror that finds the membership ending, not only the one that wrote the
  // notice: the email's key (the notice's id) makes it one email however many events report
  // it, and a delivery that failed before the email is retried until it is written.
  const end = ending as { key: string; packageName: string; endsAt: Date } | null;
  if (end)
    await sendMail(await mailRecipientOf(uid), emails.membershipEnds(end.key, end.packageName, end.endsAt, end.key));
  return changed;
}

async function hasRevokedPayment(transaction: Transaction, subscriptionId: string): Promise<boolean> {
  const rows = await transaction.get(subscriptionPaymentsQuery(subscriptionId));
  return rows.docs.some((row) => (revokedPaymentStatuses as readonly string[]).includes(row.data().status));
}
