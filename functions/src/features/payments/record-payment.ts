import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type Stripe from 'stripe';
import { isMemberBadge, oneMonthAfter, type RecordPaymentResponse } from '@hostelhub/contracts';
import { ApiError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { collections, db } from '../../lib/firestore.js';
import { toMembership } from '../../lib/profiles.js';
import { chargeCurrency, chargeInCents, loadPackage } from './membership-price.js';
import type { RevokedPaymentStatus } from './subscriptions.js';
import { isMissingResource, isTransientStripeError, providerUnavailable, requireStripe } from './stripe-client.js';

/** What recording did: `newlyRecorded` is false when the payment had been recorded before. */
export type PaymentRecording = { paymentIntentId: string; newlyRecorded: boolean };

/** The answer PUT /payments and the webhook give for a recording. */
export function toRecordPaymentResponse(recording: PaymentRecording): RecordPaymentResponse {
  return { modifiedCount: 0, upsertedId: recording.newlyRecorded ? recording.paymentIntentId : null };
}

/**
 * Records a succeeded PaymentIntent as a membership payment. PUT /payments and the Stripe
 * webhook both end here, in any order and any number of times: the PaymentIntent is read
 * back from Stripe (never taken from the caller), checked against the package it was
 * created for, and written with the user's new badge in one transaction keyed by its id,
 * so it is recorded once.
 *
 * `forUid` is the caller of PUT /payments: only the user the PaymentIntent was created for
 * may record it. The webhook passes null (Stripe signed the event).
 */
export async function recordSucceededPayment(
  paymentIntentId: string,
  forUid: string | null,
): Promise<PaymentRecording> {
  const paymentIntent = await retrievePaymentIntent(paymentIntentId);
  const { uid, packageId } = paymentIntent.metadata ?? {};
  if (!uid || !packageId) throw conflict('This payment is not a HostelHub membership payment');
  if (forUid !== null && uid !== forUid) throw forbidden('This payment belongs to another account');
  if (paymentIntent.status !== 'succeeded') throw conflict(`The payment has not succeeded (${paymentIntent.status})`);

  const membershipPackage = await loadPackage(packageId);
  if (!membershipPackage || !isMemberBadge(membershipPackage.name)) {
    throw conflict(`The payment is for an unknown package (${packageId})`);
  }
  const expectedAmount = chargeInCents(membershipPackage);
  if (paymentIntent.amount !== expectedAmount || paymentIntent.currency !== chargeCurrency) {
    throw conflict(
      `The payment amount ${paymentIntent.amount} ${paymentIntent.currency} does not match the ${membershipPackage.name} package (${expectedAmount} ${chargeCurrency})`,
    );
  }

  const paymentRef = db.collection(collections.payments).doc(paymentIntent.id);
  const userRef = db.collection(collections.users).doc(uid);
  return db.runTransaction(async (transaction) => {
    const [payment, user] = await Promise.all([transaction.get(paymentRef), transaction.get(userRef)]);
    // Recorded before, or taken back before it was recorded (the revocation wrote the row
    // already refunded or disputed): either way it gives nothing more.
    if (payment.exists) return { paymentIntentId: paymentIntent.id, newlyRecorded: false };

    const paidAt = Timestamp.now();
    transaction.create(
      paymentRef,
      oneOffPaymentRow(paymentIntent, membershipPackage, user.get('email') ?? null, 'succeeded', paidAt),
    );
    if (user.exists) {
      transaction.update(userRef, {
        badge: membershipPackage.name,
        // A one-off payment buys one month and does not renew.
        membership: {
          packageId: membershipPackage.id,
          packageName: membershipPackage.name,
          status: 'active',
          currentPeriodEnd: Timestamp.fromDate(oneMonthAfter(paidAt.toDate())),
          cancelAtPeriodEnd: true,
          subscriptionId: null,
        },
      });
    } else {
      // The money was taken, so the payment is kept even though there is no profile to upgrade.
      logger.warn('Recorded a payment for a user without a profile', { uid, paymentIntentId: paymentIntent.id });
    }
    return { paymentIntentId: paymentIntent.id, newlyRecorded: true };
  });
}

/** A one-off payment's row in `payments/{paymentIntentId}`. */
function oneOffPaymentRow(
  paymentIntent: Stripe.PaymentIntent,
  membershipPackage: { id: string; name: string },
  email: string | null,
  status: 'succeeded' | RevokedPaymentStatus,
  paidAt: Timestamp,
) {
  return {
    uid: paymentIntent.metadata.uid,
    email: email ?? paymentIntent.receipt_email ?? null,
    packageId: membershipPackage.id,
    packageName: membershipPackage.name,
    amount: paymentIntent.amount / 100,
    amountInCents: paymentIntent.amount,
    currency: paymentIntent.currency,
    transactionId: paymentIntent.id,
    paymentMethod: paymentIntent.payment_method_types ?? ['card'],
    status,
    paidAt,
  };
}

/**
 * A refunded or disputed one-off payment: its row is marked and the month it bought ends.
 * Stripe does not promise an order, so the refund or dispute may arrive before the payment
 * was recorded; then the row is written here, already revoked, from the PaymentIntent, and
 * the later recording finds it and gives nothing (a row never goes back to succeeded).
 */
export async function revokeOneOffPayment(paymentIntentId: string, reason: RevokedPaymentStatus): Promise<null> {
  const paymentIntent = await retrievePaymentIntent(paymentIntentId);
  const { uid, packageId } = paymentIntent.metadata ?? {};
  const paymentRef = db.collection(collections.payments).doc(paymentIntentId);
  const membershipPackage = packageId ? await loadPackage(packageId) : null;
  return db.runTransaction(async (transaction) => {
    const payment = await transaction.get(paymentRef);
    if (!payment.exists) {
      // Not a HostelHub membership payment: nothing of ours to take back.
      if (!uid || !packageId) return null;
      const user = await transaction.get(db.collection(collections.users).doc(uid));
      transaction.create(
        paymentRef,
        oneOffPaymentRow(
          paymentIntent,
          { id: packageId, name: membershipPackage?.name ?? '' },
          user.get('email') ?? null,
          reason,
          Timestamp.fromMillis(paymentIntent.created * 1000),
        ),
      );
      return null;
    }
    const userRef = db.collection(collections.users).doc(payment.get('uid'));
    const user = await transaction.get(userRef);
    transaction.update(paymentRef, { status: reason });
    const membership = toMembership(user.get('membership'));
    if (
      user.exists &&
      membership &&
      membership.subscriptionId === null &&
      membership.packageId === payment.get('packageId')
    ) {
      transaction.update(userRef, { 'membership.status': 'expired', badge: 'Bronze' });
    }
    return null;
  });
}

async function retrievePaymentIntent(paymentIntentId: string): Promise<Stripe.PaymentIntent> {
  const stripe = requireStripe();
  try {
    return await stripe.paymentIntents.retrieve(paymentIntentId);
  } catch (error) {
    if (isMissingResource(error)) throw notFound('No such payment');
    if (isTransientStripeError(error)) throw providerUnavailable();
    logger.error('Stripe refused to return a PaymentIntent', error);
    throw new ApiError(502, 'The payment provider refused the request');
  }
}
