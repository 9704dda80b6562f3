import type Stripe from 'stripe';
import {
  alreadyPurchasedMessage,
  isMember,
  renewalDayOfMonth,
  type MembershipChanged,
  type SubscriptionCreated,
  type UserAccount,
} from '@hostelhub/contracts';
import { requireVerifiedEmail } from '../../lib/account-state.js';
import type { TokenClaims } from '../../lib/api-token.js';
import { ApiError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { typed } from '../../lib/converters/index.js';
import { db } from '../../lib/firestore.js';
import { loadProfile, toMembership } from '../../lib/profiles.js';
import { withCatalogueIds, type CatalogueIds } from './catalogue.js';
import { loadPackage, type MembershipPackage } from './membership-price.js';
import { itemOf, mirrorSubscription, retrieveSubscription, uidOf } from './mirror.js';
import { recordPaidInvoice, retrieveInvoice } from './stripe-events.js';
import { requireStripe, stripeCall } from '../../lib/stripe-client.js';
import { currentTime } from '../../lib/clock.js';

// The member's checkout: subscribing, and the page's report after paying.

/** Runs `use` with the package's Price and the tax rate (ids cached per instance, see catalogue.ts). */
export const withCatalogue = <T>(membershipPackage: MembershipPackage, use: (catalogue: CatalogueIds) => Promise<T>) =>
  stripeCall('price', (stripe) =>
    withCatalogueIds(stripe, membershipPackage, use, (error) => error instanceof ApiError && error.status === 404),
  );

/** The caller's Stripe Customer: one per user, its id stored on the user document. */
async function customerFor(user: TokenClaims, email: string, name: string): Promise<string> {
  const userRef = typed.users().doc(user.uid);
  const stored = (await userRef.get()).data()?.stripeCustomerId;
  if (typeof stored === 'string' && stored) return stored;
  const customer = await stripeCall('customer', (stripe) =>
    stripe.customers.create(
      { email, name, metadata: { uid: user.uid } },
      // Two first clicks at once make one Customer.
      { idempotencyKey: `hostelhub-customer-${user.uid}` },
    ),
  );
  return db.runTransaction(async (transaction) => {
    const current = (await transaction.get(userRef)).data()?.stripeCustomerId;
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
  const now = currentTime();
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
  await typed.users().doc(user.uid).update({ checkoutSubscriptionId: subscription.id });
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

async function findOrCreateSubscription(
  user: TokenClaims,
  profile: UserAccount,
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
          billing_cycle_anchor_config: { day_of_month: renewalDayOfMonth },
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
  const lapsed = await retrieveSubscription(subscriptionId);
  if (lapsed.status === 'past_due' || lapsed.status === 'unpaid') {
    await stripeCall('subscription', (stripe) => stripe.subscriptions.cancel(subscriptionId));
  }
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
  const user = (await typed.users().doc(uid).get()).data();
  const own = [user?.checkoutSubscriptionId, toMembership(user?.membership)?.subscriptionId];
  if (!own.includes(subscriptionId)) throw notYourSubscription();
  const subscription = await retrieveSubscription(subscriptionId);
  if (uidOf(subscription) !== uid) throw notYourSubscription();
  const latest = subscription.latest_invoice;
  const invoiceId = typeof latest === 'string' ? latest : latest?.id;
  if (invoiceId && (await retrieveInvoice(invoiceId)).status === 'paid') {
    const { membership, badge } = await recordPaidInvoice(invoiceId);
    return { membership, badge };
  }
  return mirrorSubscription(subscriptionId, uid);
}
