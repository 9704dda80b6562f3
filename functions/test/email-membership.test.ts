// Membership emails from the Stripe webhook (docs/email.md): a failed renewal, a plan set to
// end and a refund each write one email, however many times Stripe delivers the event.
import { describe, expect, it } from 'vitest';
import { call, db } from './support/emulators.js';
import { createStudent } from './support/payments.js';
import {
  billingAtThePresent,
  customerOf,
  day,
  deliverInOrder,
  eventsOf,
  itemOf,
  memberThroughWebhook,
  nowSeconds,
  subscribeAndPay,
  subscriptionOf,
  syncAfterPaying,
} from './support/subscriptions.js';

const billing = billingAtThePresent({ Gold: 29.99 });

async function membershipMail(uid: string) {
  const snapshot = await db.collection('mail').where('uid', '==', uid).where('kind', '==', 'membership').get();
  return snapshot.docs.map((doc): Record<string, any> => ({ id: doc.id, ...doc.data() }));
}

describe('membership emails', () => {
  it('a failed renewal: one email with the one step to fix it, however often Stripe reports it', async () => {
    const student = await createStudent();
    const { created, customer } = await memberThroughWebhook(billing.stripe, student, billing.Gold);
    itemOf(billing.stripe, created.subscriptionId).current_period_end = nowSeconds() - day;
    billing.stripe.declineCardsOf(customer);
    billing.stripe.advanceClock(nowSeconds());
    const events = eventsOf(billing.stripe, customer);
    expect(events.map((event) => event.type)).toContain('invoice.payment_failed');
    await deliverInOrder(events);
    await deliverInOrder(events);

    const mails = await membershipMail(student.uid);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(student.email);
    expect(mails[0]?.message.subject).toBe('Your Gold membership payment did not go through');
    expect(mails[0]?.message.text).toContain('update your card on My Profile');
    expect(mails[0]?.message.text).toContain('Update your card: ');
    // Its bell entry is the notice the webhook writes.
    expect(mails[0]?.noticeId).toMatch(/^membership-renewal-failed-/);
  });

  it('a plan set to end: one email, not again when resumed and cancelled for the same end', async () => {
    const student = await createStudent();
    const created = await subscribeAndPay(billing.stripe, student, billing.Gold);
    await syncAfterPaying(student, created.subscriptionId);
    expect((await call('cancelSubscription', { token: student.token })).status).toBe(200);
    await call('resumeSubscription', { token: student.token });
    await call('cancelSubscription', { token: student.token });
    await deliverInOrder(eventsOf(billing.stripe, await customerOf(student.uid)));

    const mails = await membershipMail(student.uid);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.message.subject).toMatch(/^Your Gold membership ends on \w{3} \d{1,2} \w{3,4} \d{4}$/);
    expect(mails[0]?.message.text).toContain('Resume it on My Profile');
  });

  it('a refund: one email saying how much, however often Stripe reports it', async () => {
    const student = await createStudent();
    const { created, customer } = await memberThroughWebhook(billing.stripe, student, billing.Gold);
    const invoice = billing.stripe.invoices.get(subscriptionOf(billing.stripe, created.subscriptionId).latest_invoice)!;
    const paymentIntent = billing.stripe.paymentIntents.get(
      invoice.confirmation_secret.client_secret.split('_secret_')[0],
    )!;
    const chargeId = (paymentIntent as unknown as { latest_charge: string }).latest_charge;
    billing.stripe.refund(chargeId);
    const events = eventsOf(billing.stripe, customer);
    await deliverInOrder(events);
    await deliverInOrder(events);

    const refunds = (await membershipMail(student.uid)).filter((mail) => mail.key.startsWith('membership-refunded-'));
    expect(refunds).toHaveLength(1);
    const dollars = (invoice.amount_paid / 100).toFixed(2);
    expect(refunds[0]?.message.subject).toBe(`Refund made: $${dollars} for your Gold membership`);
  });
});
