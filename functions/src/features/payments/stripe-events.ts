import type Stripe from 'stripe';
import type { MembershipChanged } from '@hostelhub/contracts';
import { conflict } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { emails } from '../../lib/emails.js';
import { sendMail } from '../../lib/mail.js';
import { mailRecipientOf } from '../../lib/mail-recipients.js';
import { notices, notificationMissing, writeNotification } from '../../lib/notifications.js';
import { mirrorSubscription, packageOf, retrieveSubscription, uidOf, type RevokedPaymentStatus } from './mirror.js';
import { revokeOneOffPayment, writeInvoicePaymentRow } from './payment-rows.js';
import { stripeCall } from '../../lib/stripe-client.js';

// What the webhook's events do (webhook.ts maps event types here). Each takes only an id
// and reads the object back from Stripe, so the outcome is the same in any order and after
// any number of deliveries.

export const retrieveInvoice = (invoiceId: string) =>
  stripeCall('invoice', (stripe) => stripe.invoices.retrieve(invoiceId));

/** The subscription an invoice bills, or null for an invoice of something else. */
function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription;
  if (!subscription) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

function membershipSubscriptionOf(invoice: Stripe.Invoice, what = 'invoice'): string {
  const subscriptionId = subscriptionIdOfInvoice(invoice);
  if (!subscriptionId) throw conflict(`This ${what} is not for a membership`);
  return subscriptionId;
}

/**
 * Records a paid invoice as a payment row keyed by the invoice id (one row per invoice, however
 * often it is reported), then mirrors its subscription. The amount is Stripe's, fixed by the
 * subscription's Price when it was created: a package price changed since then does not make
 * an already charged card wrong.
 */
export async function recordPaidInvoice(invoiceId: string): Promise<MembershipChanged & { recorded: boolean }> {
  const invoice = await retrieveInvoice(invoiceId);
  if (invoice.status !== 'paid') throw conflict(`The invoice is not paid (${invoice.status})`);
  const subscriptionId = membershipSubscriptionOf(invoice);
  const subscription = await retrieveSubscription(subscriptionId);
  const uid = uidOf(subscription);
  const recorded =
    invoice.amount_paid > 0 ? await writeInvoicePaymentRow(uid, invoice, subscription, 'succeeded') : false;
  return { ...(await mirrorSubscription(subscriptionId, null)), recorded };
}

/**
 * A renewal's payment failed: mirrors the subscription (now past_due) and tells the member
 * once per invoice. A failed first payment is not told: the member is on the checkout page.
 */
export async function recordFailedInvoice(invoiceId: string): Promise<MembershipChanged> {
  const invoice = await retrieveInvoice(invoiceId);
  const subscriptionId = membershipSubscriptionOf(invoice);
  const changed = await mirrorSubscription(subscriptionId, null);
  if (invoice.billing_reason === 'subscription_cycle' && invoice.status !== 'paid') {
    const subscription = await retrieveSubscription(subscriptionId);
    const uid = uidOf(subscription);
    const { name: packageName } = await packageOf(subscription);
    const noticeId = `membership-renewal-failed-${invoiceId}`;
    await db.runTransaction(async (transaction) => {
      if (await notificationMissing(transaction, uid, noticeId)) {
        writeNotification(transaction, uid, noticeId, notices.membershipRenewalFailed(packageName));
      }
    });
    // Keyed by the invoice: a repeated delivery finds it written (after a failure between the
    // notice and the email, the retry writes the email).
    await sendMail(await mailRecipientOf(uid), emails.membershipPaymentFailed(invoiceId, packageName, noticeId));
  }
  return changed;
}

/**
 * Takes back the period a refunded or disputed charge paid: its payment row is marked, the
 * subscription is canceled at Stripe (no further charges for a membership taken back) and
 * the membership mirrors as expired. A refunded one-off payment (before subscriptions)
 * has its recorded row marked and ends its month.
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
  const invoice = await retrieveInvoice(typeof invoiceRef === 'string' ? invoiceRef : (invoiceRef.id ?? ''));
  const subscriptionId = membershipSubscriptionOf(invoice, 'charge');
  const subscription = await retrieveSubscription(subscriptionId);
  await writeInvoicePaymentRow(uidOf(subscription), invoice, subscription, reason);
  if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
    try {
      await stripeCall('subscription', (stripe) => stripe.subscriptions.cancel(subscriptionId));
    } catch (error) {
      // Refused because another delivery of this event canceled it meanwhile: nothing left to stop.
      if ((await retrieveSubscription(subscriptionId)).status !== 'canceled') throw error;
    }
  }
  const changed = await mirrorSubscription(subscriptionId, null);
  if (reason === 'refunded') {
    const { name: packageName } = await packageOf(subscription);
    await sendMail(
      await mailRecipientOf(uidOf(subscription)),
      emails.membershipRefunded(chargeId, packageName, charge.amount_refunded, charge.currency),
    );
  }
  return changed;
}

/** The charge a dispute is about. */
export async function chargeOfDispute(disputeId: string): Promise<string> {
  const dispute = await stripeCall('dispute', (stripe) => stripe.disputes.retrieve(disputeId));
  return typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id;
}
