import { alreadyPurchasedMessage, type MembershipChanged, type PlanChangePreview } from '@hostelhub/contracts';
import type { TokenClaims } from '../../lib/api-token.js';
import { conflict, notFound } from '../../lib/errors.js';
import { loadProfile } from '../../lib/profiles.js';
import { loadPackage } from './membership-price.js';
import { itemOf, mirrorSubscription, packageIdOf, retrieveSubscription } from './mirror.js';
import { isRecentProrationDate, isServerProrationToken, signProrationToken } from './proration-token.js';
import { stripeCall } from '../../lib/stripe-client.js';
import { withCatalogue } from './subscribe.js';

// The member's own changes to their subscription: Cancel, Resume and Change plan.

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
  const subscription = await retrieveSubscription(subscriptionId);
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
  const subscription = await retrieveSubscription(await ownSubscriptionId(user));
  if (!['active', 'trialing'].includes(subscription.status)) {
    throw conflict('Only an active membership can change its plan');
  }
  if (packageIdOf(subscription) === membershipPackage.id) throw conflict(alreadyPurchasedMessage);
  return { subscription, membershipPackage };
}
