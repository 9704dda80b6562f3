// A leave's credit as real money (ADR 74): a Stripe customer balance transaction, which Stripe
// takes off the member's next invoice. Each is sent with an idempotency key of its leave, so a
// repeat (an approval sent again, a retry after a lost answer) credits once; a leave cancelled
// before it starts has its credit taken back the same way, once.
import { Timestamp } from 'firebase-admin/firestore';
import { currentTime } from '../../lib/clock.js';
import { typed } from '../../lib/converters/index.js';
import { db } from '../../lib/firestore.js';
import { chargeCurrency, stripeCall } from '../../lib/stripe-client.js';
import { leaveRef } from './leave-records.js';

/** The member's Stripe customer: a leave's credit waits on their profile until they have one. */
async function customerOf(uid: string): Promise<string | null> {
  return (await typed.users().doc(uid).get()).data()?.stripeCustomerId ?? null;
}

/**
 * Credits an approved leave's amount to its member's balance, unless it was credited already.
 * If the leave was cancelled while Stripe answered, the credit is taken back at once.
 */
export async function creditLeave(id: string): Promise<void> {
  const leave = (await leaveRef(id).get()).data();
  if (!leave || leave.status !== 'approved' || leave.creditTransactionId || leave.creditCents <= 0) return;
  const customer = await customerOf(leave.uid);
  if (!customer) return;
  const transaction = await stripeCall('customer', (stripe) =>
    stripe.customers.createBalanceTransaction(
      customer,
      {
        amount: -leave.creditCents,
        currency: chargeCurrency,
        description: `Leave ${leave.from} to ${leave.to}`,
        metadata: { leaveId: id, uid: leave.uid },
      },
      { idempotencyKey: `leave-credit-${id}` },
    ),
  );
  const cancelledMeanwhile = await db.runTransaction(async (tx) => {
    const now = (await tx.get(leaveRef(id))).data();
    tx.update(leaveRef(id), { creditTransactionId: transaction.id, creditedAt: Timestamp.fromDate(currentTime()) });
    return now?.status === 'cancelled';
  });
  if (cancelledMeanwhile) await reverseLeaveCredit(id);
}

/** Takes a cancelled leave's credit back from its member's balance, once. */
export async function reverseLeaveCredit(id: string): Promise<void> {
  const leave = (await leaveRef(id).get()).data();
  if (!leave || leave.status !== 'cancelled' || !leave.creditTransactionId || leave.reversalTransactionId) return;
  const customer = await customerOf(leave.uid);
  if (!customer) return;
  const transaction = await stripeCall('customer', (stripe) =>
    stripe.customers.createBalanceTransaction(
      customer,
      {
        amount: leave.creditCents,
        currency: chargeCurrency,
        description: `Leave ${leave.from} to ${leave.to} cancelled`,
        metadata: { leaveId: id, uid: leave.uid },
      },
      { idempotencyKey: `leave-reversal-${id}` },
    ),
  );
  await leaveRef(id).update({ reversalTransactionId: transaction.id });
}
