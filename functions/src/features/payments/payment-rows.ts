import { Timestamp } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { converters, dataOf, typed } from '../../lib/converters/index.js';
import { db } from '../../lib/firestore.js';
import { notices, writeNotification } from '../../lib/notifications.js';
import { toMembership } from '../../lib/profiles.js';
import { payerHallIn } from '../../lib/halls.js';
import { countPayment, hostelDayOf, paymentFactsOf, recordMembershipChange, RollupChanges } from '../../lib/rollups.js';
import { itemOf, packageOf, type RevokedPaymentStatus } from './mirror.js';
import { currentTime } from '../../lib/clock.js';

// The rows of `payments`: one per paid invoice, keyed by the invoice id. Rows keyed by a
// PaymentIntent id are one-off months bought before memberships were subscriptions (ADR
// 0023): nothing writes them any more, Payment History still lists them, and a refund or
// dispute of one still marks it.

/**
 * Creates the invoice's payment row unless it exists. A revocation may arrive before the
 * payment it revokes (Stripe does not promise an order), so it creates the row too, already
 * revoked; a row never goes back from revoked to succeeded. True when a succeeded payment
 * was newly recorded.
 */
export async function writeInvoicePaymentRow(
  uid: string,
  invoice: Stripe.Invoice,
  subscription: Stripe.Subscription,
  status: 'succeeded' | RevokedPaymentStatus,
): Promise<boolean> {
  const paymentRef = typed.payments().doc(invoice.id ?? '');
  const userRef = typed.users().doc(uid);
  const membershipPackage = await packageOf(subscription);
  return db.runTransaction(async (transaction) => {
    const [payment, user] = await Promise.all([transaction.get(paymentRef), transaction.get(userRef)]);
    // The month's revenue moves in the same transaction as the row (ADR 0036).
    const changes = new RollupChanges();
    const stored = dataOf(converters.payments, payment);
    if (stored) {
      const known = stored.status;
      if (status !== 'succeeded' && known === 'succeeded') {
        transaction.update(paymentRef, { status });
        countPayment(changes, paymentFactsOf(stored), known, status);
        changes.writeTo(transaction);
      }
      return false;
    }
    const paidAt = Timestamp.fromMillis((invoice.status_transitions?.paid_at ?? invoice.created) * 1000);
    // Stripe's VAT on the invoice (the exclusive tax rate every subscription carries).
    const taxInCents = (invoice.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0);
    const payer = dataOf(converters.users, user);
    // Counted at the payer's hall of the month paid (ADR 72), kept on the row for the export.
    const hallId = payerHallIn(payer, hostelDayOf(paidAt.toDate()).slice(0, 7));
    const amountInCents = invoice.amount_paid;
    // Leave credit the invoice took off (ADR 74): what its balance moved towards zero.
    const creditCents = Math.max(0, (invoice.ending_balance ?? 0) - (invoice.starting_balance ?? 0));
    countPayment(changes, { paidAt: paidAt.toDate(), amountInCents, taxInCents, hallId }, null, status);
    changes.writeTo(transaction);
    transaction.create(paymentRef, {
      uid,
      email: payer?.email ?? null,
      hallId,
      packageId: membershipPackage.id,
      packageName: membershipPackage.name,
      amount: invoice.amount_paid / 100,
      amountInCents: invoice.amount_paid,
      taxInCents,
      currency: invoice.currency,
      transactionId: invoice.id,
      invoiceId: invoice.id,
      subscriptionId: subscription.id,
      paymentMethod: ['card'],
      status,
      paidAt,
      ...(creditCents > 0 ? { creditCents } : {}),
    });
    // What credit is left waiting for the next invoice, as Stripe's balance says after this one.
    if (creditCents > 0 && user.exists) {
      transaction.update(userRef, { leaveCreditCents: Math.max(0, -(invoice.ending_balance ?? 0)) });
    }
    // A renewal is told with the row that records it: once per invoice. The invoice's line
    // covers the month it paid for.
    if (status === 'succeeded' && invoice.billing_reason === 'subscription_cycle') {
      const paidUntil = invoice.lines?.data[0]?.period?.end ?? itemOf(subscription).current_period_end;
      writeNotification(
        transaction,
        uid,
        `membership-renewed-${invoice.id}`,
        notices.membershipRenewed(membershipPackage.name, new Date(paidUntil * 1000)),
      );
    }
    return status === 'succeeded';
  });
}

/**
 * A refunded or disputed one-off payment (bought before subscriptions): its recorded row is
 * marked, and the month it bought ends if the member still holds it. A PaymentIntent with no
 * row is not a HostelHub payment (one-off payments are no longer made): nothing to mark.
 */
export async function revokeOneOffPayment(paymentIntentId: string, reason: RevokedPaymentStatus): Promise<null> {
  const paymentRef = typed.payments().doc(paymentIntentId);
  return db.runTransaction(async (transaction) => {
    const payment = dataOf(converters.payments, await transaction.get(paymentRef));
    if (!payment) return null;
    const userRef = typed.users().doc(payment.uid);
    const user = dataOf(converters.users, await transaction.get(userRef));
    transaction.update(paymentRef, { status: reason });
    const changes = new RollupChanges();
    countPayment(changes, paymentFactsOf(payment), payment.status, reason);
    changes.writeTo(transaction);
    const membership = toMembership(user?.membership);
    if (user && membership && membership.subscriptionId === null && membership.packageId === payment.packageId) {
      transaction.update(userRef, { 'membership.status': 'expired', badge: 'Bronze' });
      const stored = user.membership;
      recordMembershipChange(transaction, userRef.id, stored, { ...stored, status: 'expired' }, currentTime());
    }
    return null;
  });
}
