// Membership emails from the Stripe webhook (docs/email.md): a failed renewal, a plan set to
// end and a refund each write one email, however many times Stripe delivers the event.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, db } from './support/emulators.js';
import type { FakeStripe } from './support/fake-stripe.js';
import { createStudent, type TestPackage } from './support/payments.js';
import {
  customerOf,
  day,
  deliverInOrder,
  eventsOf,
  nowSeconds,
  startAtThePresent,
  startBilling,
  subscribeAndPay,
  syncAfterPaying,
} from './support/subscriptions.js';

let stripe: FakeStripe;
let gold: TestPackage;

beforeAll(async () => {
  ({ stripe, Gold: gold } = await startBilling({ Gold: 29.99 }));
});
afterAll(() => stripe?.close());
beforeEach(() => startAtThePresent(stripe));

const subscriptionOf = (id: string) => stripe.subscriptions.get(id)!;
const itemOf = (id: string) => subscriptionOf(id).items.data[0];

async function membershipMail(uid: string) {
  const snapshot = await db.collection('mail').where('uid', '==', uid).where('kind', '==', 'membership').get();
  return snapshot.docs.map((doc): Record<string, any> => ({ id: doc.id, ...doc.data() }));
}

describe('membership emails', () => {
  it('a failed renewal: one email with the one step to fix it, however often Stripe reports it', async () => {
    const student = await createStudent();
    const created = await subscribeAndPay(stripe, student, gold);
    const customer = await customerOf(student.uid);
    await deliverInOrder(eventsOf(stripe, customer));
    itemOf(created.subscriptionId).current_period_end = nowSeconds() - day;
    stripe.declineCardsOf(customer);
    stripe.advanceClock(nowSeconds());
    const events = eventsOf(stripe, customer);
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
    const created = await subscribeAndPay(stripe, student, gold);
    await syncAfterPaying(student, created.subscriptionId);
    expect((await call('cancelSubscription', { token: student.token })).status).toBe(200);
    await call('resumeSubscription', { token: student.token });
    await call('cancelSubscription', { token: student.token });
    await deliverInOrder(eventsOf(stripe, await customerOf(student.uid)));

    const mails = await membershipMail(student.uid);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.message.subject).toMatch(/^Your Gold membership ends on \w{3} \d{1,2} \w{3,4} \d{4}$/);
    expect(mails[0]?.message.text).toContain('Resume it on My Profile');
  });

  it('a refund: one email saying how much, however often Stripe reports it', async () => {
    const student = await createStudent();
    const created = await subscribeAndPay(stripe, student, gold);
    const customer = await customerOf(student.uid);
    await deliverInOrder(eventsOf(stripe, customer));
    const invoice = stripe.invoices.get(subscriptionOf(created.subscriptionId).latest_invoice)!;
    const paymentIntent = stripe.paymentIntents.get(invoice.confirmation_secret.client_secret.split('_secret_')[0])!;
    const chargeId = (paymentIntent as unknown as { latest_charge: string }).latest_charge;
    stripe.refund(chargeId);
    const events = eventsOf(stripe, customer);
    await deliverInOrder(events);
    await deliverInOrder(events);

    const refunds = (await membershipMail(student.uid)).filter((mail) => mail.key.startsWith('membership-refunded-'));
    expect(refunds).toHaveLength(1);
    const dollars = (invoice.amount_paid / 100).toFixed(2);
    expect(refunds[0]?.message.subject).toBe(`Refund made: $${dollars} for your Gold membership`);
  });
});
