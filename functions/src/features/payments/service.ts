import { createHash } from 'node:crypto';
import { logger } from 'firebase-functions';
import {
  alreadyPurchasedMessage,
  isMember,
  type CreatePaymentIntentBody,
  type Page,
  type PaymentIntentCreated,
  type PaymentRecord,
  type PurchasedPackage,
  type UserAccount,
} from '@hostelhub/contracts';
import { requireVerifiedEmail } from '../../lib/account-state.js';
import type { TokenClaims } from '../../lib/api-token.js';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { readPage } from '../../lib/paging.js';
import { loadProfile, uidForEmail } from '../../lib/profiles.js';
import { isoTime } from '../../lib/timestamps.js';
import { chargeCurrency, chargeInCents, loadPackage } from './membership-price.js';
import { paymentHistoryQuery } from './queries.js';
import { isTransientStripeError, providerUnavailable, requireStripe } from './stripe-client.js';

/**
 * Creates the PaymentIntent for a one-off month of a package at the server's price with VAT.
 * The site subscribes instead (subscriptions.ts); this stays for clients of the earlier
 * checkout. The browser only confirms the card against the returned client secret.
 */
export async function createMembershipPaymentIntent(
  user: TokenClaims,
  body: CreatePaymentIntentBody,
): Promise<PaymentIntentCreated> {
  const stripe = requireStripe();
  const membershipPackage = await loadPackage(body.packageId);
  if (!membershipPackage) throw notFound('No such package');
  const amountInCents = chargeInCents(membershipPackage);
  if (body.amountInCents !== undefined && body.amountInCents !== amountInCents) {
    throw badRequest(`amountInCents: the ${membershipPackage.name} package costs ${amountInCents} cents with VAT`);
  }
  const profile = await loadProfile(user.uid);
  if (!profile) throw notFound('No profile for this account: sign in again');
  if (heldPackageId(profile) === membershipPackage.id) throw conflict(alreadyPurchasedMessage);
  // A one-off month never replaces a live subscription (which would go on billing).
  if (heldPackageId(profile) !== null && profile.membership?.subscriptionId) {
    throw conflict('You already have a membership: change your plan on My Profile');
  }
  await requireVerifiedEmail(user.uid);

  const params = {
    amount: amountInCents,
    currency: chargeCurrency,
    // Cards confirmed on the page; no payment method that leaves the site.
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' as const },
    description: `HostelHub ${membershipPackage.name} membership`,
    receipt_email: profile.email || user.email,
    metadata: { uid: user.uid, packageId: membershipPackage.id },
  };
  // A double-click, or a retry after a declined card, gets the same PaymentIntent back from
  // Stripe instead of a second one. The key covers every parameter (Stripe refuses a reused
  // key with other parameters) and the current membership, so once a purchase is recorded
  // the next one starts afresh.
  const idempotencyKey = createHash('sha256')
    .update(
      JSON.stringify([params, profile.membership?.packageId ?? null, profile.membership?.currentPeriodEnd ?? null]),
    )
    .digest('hex');
  try {
    const paymentIntent = await stripe.paymentIntents.create(params, { idempotencyKey });
    if (!paymentIntent.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
    return { clientSecret: paymentIntent.client_secret, paymentIntentId: paymentIntent.id, amountInCents };
  } catch (error) {
    if (isTransientStripeError(error)) throw providerUnavailable();
    logger.error('Stripe refused to create a PaymentIntent', error);
    throw new ApiError(502, 'The payment provider refused the payment. Please try again later.');
  }
}

export async function alreadyPurchased(user: TokenClaims, email: string): Promise<PurchasedPackage> {
  const uid = await uidForEmail(user, email);
  const profile = uid ? await loadProfile(uid) : null;
  const held = profile && isMember(profile, new Date()) ? profile.membership : null;
  return { packageName: held?.packageName ?? null, packageId: held?.packageId ?? null };
}

/** The package a user holds now: an ended membership holds none, so it can be bought again. */
function heldPackageId(profile: UserAccount): string | null {
  return isMember(profile, new Date()) ? (profile.membership?.packageId ?? null) : null;
}

/** A user's payments, newest first, in cursor pages. */
export async function paymentHistory(
  user: TokenClaims,
  email: string,
  limit: number,
  cursor: string | undefined,
): Promise<Page<PaymentRecord>> {
  const uid = await uidForEmail(user, email);
  if (!uid) return { items: [], nextCursor: null };
  const { docs, nextCursor } = await readPage(paymentHistoryQuery(uid), limit, cursor);
  const items = docs.map((doc): PaymentRecord => {
    const data = doc.data();
    return {
      _id: doc.id,
      packageName: data.packageName,
      email: data.email,
      amount: data.amount,
      transactionId: data.transactionId,
      paymentMethod: data.paymentMethod ?? [],
      status: data.status,
      paidAt: isoTime(data.paidAt),
    };
  });
  return { items, nextCursor };
}
