import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type Stripe from 'stripe';
import {
  alreadyPurchasedMessage,
  isMember,
  ownValue,
  type Badge,
  type Membership,
  type MembershipChanged,
  type MembershipStatus,
  type PlanChangePreview,
  type SubscriptionCreated,
} from '@hostelhub/contracts';
import { requireVerifiedEmail } from '../../lib/account-state.js';
import type { TokenClaims } from '../../lib/api-token.js';
import { ApiError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { collections, db } from '../../lib/firestore.js';
import { notices, notificationMissing, writeNotification } from '../../lib/notifications.js';
import { loadProfile, toMembership } from '../../lib/profiles.js';
import { revokeOneOffPayment } from './record-payment.js';
import { withCatalogueIds, type CatalogueIds } from './catalogue.js';
import { loadPackage, type MembershipPackage } from './membership-price.js';
import { isRecentProrationDate, isServerProrationToken, signProrationToken } from './proration-token.js';
import { subscriptionPaymentsQuery } from './queries.js';
import { isMissingResource, isTransientStripeError, providerUnavailable, requireStripe } from './stripe-client.js';

// Memberships are Stripe Subscriptions; Firestore mirrors them. Every path that changes a
// membership (the page after paying, Cancel, Resume, Change plan, each webhook event) ends
// in mirrorSubscription, which reads the subscription from Stripe inside a transaction on
// the user document: whatever order events arrive in, and however often, the last writer
// has read Stripe after every earlier writer committed, so the mirror ends as Stripe is.

/** Payment rows whose money was taken back: the period they paid gives no rights. */
const revokedPaymentStatuses = ['refunded', 'disputed'] as const;
export type RevokedPaymentStatus = (typeof revokedPaymentStatuses)[number];

/** A Stripe call; Stripe's own failures become 502 (retry later) or 404 (no such object). */
export async function stripeCall<T>(what: string, call: (stripe: Stripe) => Promise<T>): Promise<T> {
  const stripe = requireStripe();
  try {
    return await call(stripe);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isMissingResource(error)) throw notFound(`No such ${what}`);
    if (isTransientStripeError(error)) throw providerUnavailable();
    const card = error as { type?: string; message?: string };
    if (card.type === 'StripeCardError') throw new ApiError(402, card.message ?? 'Your card was declined.');
    logger.error(`Stripe refused: ${what}`, error);
    throw new ApiError(502, 'The payment provider refused the request');
  }
}

/** The uid a subscription was created for (its metadata, set by the API only). */
export function uidOf(subscription: Stripe.Subscription): string {
  const uid = subscription.metadata?.uid;
  if (!uid) throw conflict('This subscription is not a HostelHub membership');
  return uid;
}

const itemOf = (subscription: Stripe.Subscription) => {
  const item = subscription.items.data[0];
  if (!item) throw conflict('This subscription has no plan');
  return item;
};

const priceOf = (item: Stripe.SubscriptionItem): Stripe.Price => item.price;

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
  const packageId = priceOf(item).metadata?.packageId ?? subscription.metadata?.packageId;
  if (!packageId) throw conflict('This subscription is not for a HostelHub package');
  return {
    packageId,
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

/**
 * Mirrors a subscription onto its user: reads it from Stripe while holding the user
 * document, so concurrent mirrors serialise and the last one wrote Stripe's latest state.
 * A subscription does not overwrite a different one that still gives rights (an old
 * subscription's late event never replaces the current plan).
 */
export async function mirrorSubscription(subscriptionId: string, forUid: string | null): Promise<MembershipChanged> {
  // Read once outside the transaction to know whose document to hold.
  const first = await stripeCall('subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId));
  const uid = uidOf(first);
  if (forUid !== null && uid !== forUid) throw forbidden('This subscription belongs to another account');
  const userRef = db.collection(collections.users).doc(uid);

  return db.runTransaction(async (transaction) => {
    const user = await transaction.get(userRef);
    const subscription = await stripeCall('subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId));
    const now = new Date();
    if (!user.exists) {
      logger.warn('A subscription for a user without a profile', { uid, subscriptionId });
      return { membership: null, badge: 'Bronze' };
    }
    const revoked = await hasRevokedPayment(transaction, subscriptionId);
    const item = itemOf(subscription);
    const packageId = priceOf(item).metadata?.packageId ?? subscription.metadata?.packageId ?? '';
    const packageName =
      (await loadPackage(packageId))?.name ??
      priceOf(item).metadata?.packageName ??
      subscription.metadata?.packageName ??
      '';
    const derived = membershipFromSubscription(subscription, packageName, revoked);
    const current = toMembership(user.get('membership'));
    const ownedByAnother =
      current !== null &&
      current.subscriptionId !== null &&
      current.subscriptionId !== subscriptionId &&
      isMember({ membership: current }, now);
    if (!derived || ownedByAnother) return changedAnswer(user.get('membership'), user.get('badge'), now);

    const stored = { ...derived, currentPeriodEnd: Timestamp.fromDate(derived.currentPeriodEnd) };
    const member = isMember(
      { membership: { ...derived, currentPeriodEnd: derived.currentPeriodEnd.toISOString() } },
      now,
    );
    const badge = member ? derived.packageName : 'Bronze';
    // A membership set to end (canceled at period end) is told once per period end, however
    // many events report it; resuming and canceling again in the same period says nothing new.
    const ending = member && derived.cancelAtPeriodEnd && derived.status !== 'canceled';
    const endingNoticeId = `membership-ends-${subscriptionId}-${derived.currentPeriodEnd.getTime() / 1000}`;
    const tellEnding = ending && (await notificationMissing(transaction, uid, endingNoticeId));
    transaction.update(userRef, { membership: stored, badge });
    if (tellEnding) {
      writeNotification(
        transaction,
        uid,
        endingNoticeId,
        notices.membershipEndsSoon(derived.packageName, derived.currentPeriodEnd),
      );
    }
    return changedAnswer(stored, badge, now);
  });
}

/** The name of the package a subscription is for, as the catalogue has it now. */
async function packageNameOf(subscription: Stripe.Subscription): Promise<string> {
  const item = itemOf(subscription);
  const packageId = priceOf(item).metadata?.packageId ?? subscription.metadata?.packageId ?? '';
  return (await loadPackage(packageId))?.name ?? priceOf(item).metadata?.packageName ?? '';
}

async function hasRevokedPayment(transaction: Transaction, subscriptionId: string): Promise<boolean> {
  const rows = await transaction.get(subscriptionPaymentsQuery(subscriptionId));
  return rows.docs.some((row) => (revokedPaymentStatuses as readonly string[]).includes(row.get('status')));
}

/** The subscription an invoice bills, or null for an invoice of something else. */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

/**
 * Records a paid invoice as a payment row keyed by the invoice id (one row per invoice, however
 * often it is reported), then mirrors its subscription. The amount is Stripe's, fixed by the
 * subscription's Price when it was created: a package price changed since then does not make
 * an already charged card wrong.
 */
export async function recordPaidInvoice(invoiceId: string): Promise<MembershipChanged & { recorded: boolean }> {
  const invoice = await stripeCall('invoice', (stripe) => stripe.invoices.retrieve(invoiceId));
  if (invoice.status !== 'paid') throw conflict(`The invoice is not paid (${invoice.status})`);
  const subscriptionId = subscriptionIdOfInvoice(invoice);
  if (!subscriptionId) throw conflict('This invoice is not for a membership');
  const subscription = await stripeCall('subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId));
  const uid = uidOf(subscription);
  const recorded = invoice.amount_paid > 0 ? await writePaymentRow(uid, invoice, subscription, 'succeeded') : false;
  return { ...(await mirrorSubscription(subscriptionId, null)), recorded };
}

/** The 403 for a subscription id the caller's own records do not name (someone else's, or none at all). */
const notYourSubscription = () => forbidden('This subscription is not yours');

/**
 * The page's report after confirming the first payment: the membership (and the invoice's
 * payment row, once paid) as Stripe has them now, without waiting for the webhook, which
 * does the same in whatever order. Only the subscription's owner may ask, and that is
 * checked on the caller's own document before anything is asked of Stripe: an id the caller
 * did not start at checkout (or hold as their membership) costs no Stripe call.
 */
export async function syncAfterPayment(subscriptionId: string, uid: string): Promise<MembershipChanged> {
  const user = await db.collection(collections.users).doc(uid).get();
  const own = [user.get('checkoutSubscriptionId'), toMembership(user.get('membership'))?.subscriptionId];
  if (!own.includes(subscriptionId)) throw notYourSubscription();
  const subscription = await stripeCall('subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId));
  if (uidOf(subscription) !== uid) throw notYourSubscription();
  const latest = subscription.latest_invoice;
  const invoiceId = typeof latest === 'string' ? latest : latest?.id;
  if (invoiceId) {
    const invoice = await stripeCall('invoice', (stripe) => stripe.invoices.retrieve(invoiceId));
    if (invoice.status === 'paid') {
      const { membership, badge } = await recordPaidInvoice(invoiceId);
      return { membership, badge };
    }
  }
  return mirrorSubscription(subscriptionId, uid);
}

/**
 * A renewal's payment failed: mirrors the subscription (now past_due) and tells the member
 * once per invoice. A failed first payment is not told: the member is on the checkout page.
 */
export async function recordFailedInvoice(invoiceId: string): Promise<MembershipChanged> {
  const invoice = await stripeCall('invoice', (stripe) => stripe.invoices.retrieve(invoiceId));
  const subscriptionId = subscriptionIdOfInvoice(invoice);
  if (!subscriptionId) throw conflict('This invoice is not for a membership');
  const changed = await mirrorSubscription(subscriptionId, null);
  if (invoice.billing_reason === 'subscription_cycle' && invoice.status !== 'paid') {
    const subscription = await stripeCall('subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId));
    const uid = uidOf(subscription);
    const packageName = await packageNameOf(subscription);
    const noticeId = `membership-renewal-failed-${invoiceId}`;
    await db.runTransaction(async (transaction) => {
      if (await notificationMissing(transaction, uid, noticeId)) {
        writeNotification(transaction, uid, noticeId, notices.membershipRenewalFailed(packageName));
      }
    });
  }
  return changed;
}

/**
 * Creates the invoice's payment row unless it exists. A revocation may arrive before the
 * payment it revokes (Stripe does not promise an order), so it creates the row too, already
 * revoked; a row never goes back from revoked to succeeded.
 */
async function writePaymentRow(
  uid: string,
  invoice: Stripe.Invoice,
  subscription: Stripe.Subscription,
  status: 'succeeded' | RevokedPaymentStatus,
): Promise<boolean> {
  const paymentRef = db.collection(collections.payments).doc(invoice.id ?? '');
  const userRef = db.collection(collections.users).doc(uid);
  const item = itemOf(subscription);
  const packageId = priceOf(item).metadata?.packageId ?? subscription.metadata?.packageId ?? '';
  const packageName = await packageNameOf(subscription);
  return db.runTransaction(async (transaction) => {
    const [payment, user] = await Promise.all([transaction.get(paymentRef), transaction.get(userRef)]);
    if (payment.exists) {
      const known = payment.get('status');
      if (status !== 'succeeded' && known === 'succeeded') transaction.update(paymentRef, { status });
      return false;
    }
    const paidAt = invoice.status_transitions?.paid_at ?? invoice.created;
    transaction.create(paymentRef, {
      uid,
      email: user.get('email') ?? null,
      packageId,
      packageName,
      amount: invoice.amount_paid / 100,
      amountInCents: invoice.amount_paid,
      currency: invoice.currency,
      transactionId: invoice.id,
      invoiceId: invoice.id,
      subscriptionId: subscription.id,
      paymentMethod: ['card'],
      status,
      paidAt: Timestamp.fromMillis(paidAt * 1000),
    });
    // A renewal is told with the row that records it: once per invoice. The invoice's line
    // covers the month it paid for.
    if (status === 'succeeded' && invoice.billing_reason === 'subscription_cycle') {
      const paidUntil = invoice.lines?.data[0]?.period?.end ?? item.current_period_end;
      writeNotification(
        transaction,
        uid,
        `membership-renewed-${invoice.id}`,
        notices.membershipRenewed(packageName, new Date(paidUntil * 1000)),
      );
    }
    return status === 'succeeded';
  });
}

/**
 * Takes back the period a refunded or disputed charge paid: its payment row is marked, the
 * subscription is canceled at Stripe (no further charges for a membership taken back) and
 * the membership mirrors as expired. A refunded one-off payment (before subscriptions)
 * ends its membership too.
 */
export async function revokeCharge(chargeId: string, reason: RevokedPaymentStatus): Promise<MembershipChanged | null> {
  const charge = await stripeCall('charge', (stripe) => stripe.charges.retrieve(chargeId));
  if (reason === 'refunded' && !charge.refunded) throw conflict('The charge is only partly refunded');
  const paymentIntentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!paymentIntentId) throw conflict('The charge has no PaymentIntent');
  const invoicePayments = await stripeCall('invoice payment', (stripe) =>
    stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1 }),
  );
  const invoiceRef = invoicePayments.data[0]?.invoice;
  if (!invoiceRef) return revokeOneOffPayment(paymentIntentId, reason);
  const invoiceId = typeof invoiceRef === 'string' ? invoiceRef : (invoiceRef.id ?? '');
  const invoice = await stripeCall('invoice', (stripe) => stripe.invoices.retrieve(invoiceId));
  const subscriptionId = subscriptionIdOfInvoice(invoice);
  if (!subscriptionId) throw conflict('This charge is not for a membership');
  const subscription = await stripeCall('subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId));
  await writePaymentRow(uidOf(subscription), invoice, subscription, reason);
  if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
    try {
      await stripeCall('subscription', (stripe) => stripe.subscriptions.cancel(subscriptionId));
    } catch (error) {
      // Refused because another delivery of this event canceled it meanwhile: nothing left to stop.
      const now = await stripeCall('subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId));
      if (now.status !== 'canceled') throw error;
    }
  }
  return mirrorSubscription(subscriptionId, null);
}

/** The charge a dispute is about. */
export async function chargeOfDispute(disputeId: string): Promise<string> {
  const dispute = await stripeCall('dispute', (stripe) => stripe.disputes.retrieve(disputeId));
  return typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id;
}

// ---- The member's own calls ---------------------------------------------------------

/** The caller's Stripe Customer: one per user, its id stored on the user document. */
async function customerFor(user: TokenClaims, email: string, name: string): Promise<string> {
  const userRef = db.collection(collections.users).doc(user.uid);
  const stored = (await userRef.get()).get('stripeCustomerId');
  if (typeof stored === 'string' && stored) return stored;
  const customer = await stripeCall('customer', (stripe) =>
    stripe.customers.create(
      { email, name, metadata: { uid: user.uid } },
      // Two first clicks at once make one Customer.
      { idempotencyKey: `hostelhub-customer-${user.uid}` },
    ),
  );
  return db.runTransaction(async (transaction) => {
    const current = (await transaction.get(userRef)).get('stripeCustomerId');
    if (typeof current === 'string' && current) return current;
    transaction.update(userRef, { stripeCustomerId: customer.id });
    return customer.id;
  });
}

/**
 * Subscribes the caller to a package at the server's price: a monthly Price with the VAT
 * tax rate, renewing on the 15th (the first period, up to the next 15th, prorated). The
 * subscription starts incomplete; the page confirms its first invoice's payment with
 * Stripe.js, and it becomes a membership when that invoice is paid.
 */
export async function subscribe(user: TokenClaims, packageId: string): Promise<SubscriptionCreated> {
  const membershipPackage = await loadPackage(packageId);
  if (!membershipPackage) throw notFound('No such package');
  const profile = await loadProfile(user.uid);
  if (!profile) throw notFound('No profile for this account: sign in again');
  const now = new Date();
  if (isMember(profile, now)) {
    if (profile.membership?.packageId === membershipPackage.id) throw conflict(alreadyPurchasedMessage);
    if (profile.membership?.subscriptionId) {
      throw conflict('You already have a membership: change your plan on My Profile');
    }
  }
  requireStripe();
  await requireVerifiedEmail(user.uid);
  await endLapsedSubscription(profile.membership?.subscriptionId ?? null);
  const customer = await customerFor(user, profile.email || user.email, profile.name);
  const subscription = await withCatalogue(membershipPackage, (catalogue) =>
    findOrCreateSubscription(user, profile, membershipPackage, customer, catalogue, now),
  );
  // The caller's own record of the subscription this checkout started: the page's sync
  // (POST /subscriptions/{id}/sync) is checked against it before Stripe is asked.
  await db.collection(collections.users).doc(user.uid).update({ checkoutSubscriptionId: subscription.id });
  const invoice = subscription.latest_invoice;
  const clientSecret = typeof invoice === 'object' ? invoice?.confirmation_secret?.client_secret : null;
  if (!invoice || typeof invoice !== 'object' || !clientSecret) {
    throw new ApiError(502, 'The payment provider did not return a payment to confirm');
  }
  return {
    subscriptionId: subscription.id,
    clientSecret,
    amountDueInCents: invoice.amount_due,
    currentPeriodEnd: new Date(itemOf(subscription).current_period_end * 1000).toISOString(),
  };
}

/** Runs `use` with the package's Price and the tax rate (ids cached per instance, see catalogue.ts). */
const withCatalogue = <T>(membershipPackage: MembershipPackage, use: (catalogue: CatalogueIds) => Promise<T>) =>
  stripeCall('price', (stripe) =>
    withCatalogueIds(stripe, membershipPackage, use, (error) => error instanceof ApiError && error.status === 404),
  );

async function findOrCreateSubscription(
  user: TokenClaims,
  profile: NonNullable<Awaited<ReturnType<typeof loadProfile>>>,
  membershipPackage: MembershipPackage,
  customer: string,
  { priceId, taxRateId }: CatalogueIds,
  now: Date,
): Promise<Stripe.Subscription> {
  // A second try (another card after a decline) pays the subscription the first try made.
  const waiting = await stripeCall('subscription', (stripe) =>
    stripe.subscriptions.list({
      customer,
      price: priceId,
      status: 'incomplete',
      limit: 1,
      expand: ['data.latest_invoice.confirmation_secret'],
    }),
  );
  return (
    waiting.data[0] ??
    (await stripeCall('subscription', (stripe) =>
      stripe.subscriptions.create(
        {
          customer,
          items: [{ price: priceId }],
          default_tax_rates: [taxRateId],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
          billing_cycle_anchor_config: { day_of_month: 15 },
          proration_behavior: 'create_prorations',
          metadata: { uid: user.uid, packageId: membershipPackage.id },
          expand: ['latest_invoice.confirmation_secret'],
        },
        // A double-click (two requests at once) makes one subscription. The key changes with
        // the stored membership, so once a subscription has given (or lost) a membership the
        // next one is new; an unpaid one expires at Stripe within the day it was made.
        {
          idempotencyKey: [
            'hostelhub-subscribe',
            user.uid,
            priceId,
            taxRateId,
            now.toISOString().slice(0, 10),
            profile.membership?.subscriptionId ?? 'none',
            profile.membership?.status ?? 'none',
            profile.membership?.currentPeriodEnd ?? 'none',
          ].join('-'),
        },
      ),
    ))
  );
}

/**
 * A new subscription replaces one whose rights have ended while Stripe still retries its
 * unpaid renewal: that one is canceled first, so a late successful retry cannot charge the
 * member for two plans.
 */
async function endLapsedSubscription(subscriptionId: string | null) {
  if (!subscriptionId) return;
  const lapsed = await stripeCall('subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId));
  if (lapsed.status === 'past_due' || lapsed.status === 'unpaid') {
    await stripeCall('subscription', (stripe) => stripe.subscriptions.cancel(subscriptionId));
  }
}

/** The caller's current subscription, from their membership (never an id from the client). */
async function ownSubscriptionId(user: TokenClaims): Promise<string> {
  const profile = await loadProfile(user.uid);
  const subscriptionId = profile?.membership?.subscriptionId;
  if (!subscriptionId) throw notFound('You have no subscription to manage');
  return subscriptionId;
}

/** Cancel at the end of the paid period (true), or take that back (false), then mirror. */
export async function setCancelAtPeriodEnd(user: TokenClaims, cancel: boolean): Promise<MembershipChanged> {
  const subscriptionId = await ownSubscriptionId(user);
  const subscription = await stripeCall('subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId));
  if (subscription.status === 'canceled') throw conflict('This membership has already ended');
  await stripeCall('subscription', (stripe) =>
    stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
  );
  return mirrorSubscription(subscriptionId, user.uid);
}

/** The 409 of a plan change whose preview the server did not issue, or issued too long ago. */
const previewOutOfDate = () => conflict('The price preview is out of date: look at the price again');

/**
 * What changing to another package costs now, before the member confirms. The proration date
 * is the server's clock, signed (`prorationToken`) for this caller, subscription and Price.
 */
export async function previewPlanChange(user: TokenClaims, packageId: string): Promise<PlanChangePreview> {
  const { subscription, membershipPackage } = await planChange(user, packageId);
  const prorationDate = Math.floor(Date.now() / 1000);
  const item = itemOf(subscription);
  return withCatalogue(membershipPackage, async ({ priceId }) => {
    const preview = await stripeCall('invoice preview', (stripe) =>
      stripe.invoices.createPreview({
        customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: item.id, price: priceId }],
          proration_behavior: 'always_invoice',
          proration_date: prorationDate,
        },
      }),
    );
    return {
      packageId: membershipPackage.id,
      packageName: membershipPackage.name,
      price: membershipPackage.price,
      prorationInCents: preview.total,
      prorationDate,
      prorationToken: signProrationToken({
        uid: user.uid,
        subscriptionId: subscription.id,
        packageId: membershipPackage.id,
        priceId,
        prorationDate,
      }),
      currentPeriodEnd: new Date(item.current_period_end * 1000).toISOString(),
    };
  });
}

/**
 * Changes the plan at the previewed proration date: an upgrade is charged at once (the
 * change applies only if that payment succeeds), a downgrade leaves a credit. Only a date the
 * preview issued to this caller, for this subscription and Price, in the last few minutes, is
 * accepted: a date of the client's choosing would set the price.
 */
export async function changePlan(
  user: TokenClaims,
  packageId: string,
  prorationDate: number,
  prorationToken: string,
): Promise<MembershipChanged> {
  if (!isRecentProrationDate(prorationDate)) throw previewOutOfDate();
  const { subscription, membershipPackage } = await planChange(user, packageId);
  const item = itemOf(subscription);
  if (prorationDate < item.current_period_start || prorationDate > item.current_period_end) {
    throw previewOutOfDate();
  }
  await withCatalogue(membershipPackage, async ({ priceId }) => {
    const claims = { uid: user.uid, subscriptionId: subscription.id, packageId: membershipPackage.id, priceId };
    if (!isServerProrationToken({ ...claims, prorationDate }, prorationToken)) throw previewOutOfDate();
    await stripeCall('subscription', (stripe) =>
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, price: priceId }],
        proration_behavior: 'always_invoice',
        proration_date: prorationDate,
        payment_behavior: 'pending_if_incomplete',
      }),
    );
  });
  // The upgrade's invoice is recorded by its invoice.paid event, like every invoice.
  return mirrorSubscription(subscription.id, user.uid);
}

async function planChange(user: TokenClaims, packageId: string) {
  const membershipPackage = await loadPackage(packageId);
  if (!membershipPackage) throw notFound('No such package');
  const subscriptionId = await ownSubscriptionId(user);
  const subscription = await stripeCall('subscription', (stripe) => stripe.subscriptions.retrieve(subscriptionId));
  if (!['active', 'trialing'].includes(subscription.status)) {
    throw conflict('Only an active membership can change its plan');
  }
  if (priceOf(itemOf(subscription)).metadata?.packageId === membershipPackage.id)
    throw conflict(alreadyPurchasedMessage);
  return { subscription, membershipPackage };
}
