// The webhook handler served in this process (support/in-process.mts); the deployed function's
// own path (the raw body Cloud Functions keeps, its secrets) is stripe-webhook-function.test.ts.
import { describe, expect, it } from 'vitest';
import {
  createStudent,
  deliverEvent,
  deliverLikeStripe,
  paymentsOf,
  profileOf,
  recordOldOneOffPayment,
  stripeEvent,
} from './support/payments.js';
import { syncAfterPaying } from './support/subscriptions.js';
import { billingForTests, paidFirstInvoiceFor } from './support/subscriptions.js';
import type { TestUser } from './support/emulators.js';

const billing = billingForTests({ Platinum: 49.99 });

describe('stripeWebhook', () => {
  it('leaves one payment when the same event arrives 10 times at once', async () => {
    const student = await createStudent();
    const { payload } = await paidFirstInvoiceFor(billing.stripe, student, billing.Platinum);
    // Stripe redelivers what fails; on the emulator each concurrent delivery may have to wait
    // for a function instance of its own to start.
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => deliverLikeStripe(payload)));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(Array(10).fill(200));
    expect(deliveries.filter((delivery) => delivery.body.recorded === true).length).toBeLessThanOrEqual(1);
    expect(await paymentsOf(student.uid)).toHaveLength(1);
    expect((await profileOf(student.uid)).badge).toBe('Platinum');
  }, 240_000);

  it('acknowledges event types it does not handle, the one-off payment_intent.succeeded among them', async () => {
    const student = await createStudent();
    const { invoice } = await paidFirstInvoiceFor(billing.stripe, student, billing.Platinum);
    const paymentIntent = billing.stripe.paymentIntents.get(
      invoice.confirmation_secret.client_secret.split('_secret_')[0],
    )!;
    const response = await deliverEvent(stripeEvent('payment_intent.succeeded', paymentIntent));
    expect(response.status).toBe(200);
    expect(response.body.ignored).toBe('payment_intent.succeeded');
    expect(await paymentsOf(student.uid)).toHaveLength(0);
  });

  it('answers non-2xx while Stripe cannot be reached, so the event is delivered again', async () => {
    const student = await createStudent();
    const { payload } = await paidFirstInvoiceFor(billing.stripe, student, billing.Platinum);
    billing.stripe.setOutage(true);
    let during;
    try {
      during = await deliverEvent(payload);
    } finally {
      billing.stripe.setOutage(false);
    }
    expect(during.status).toBeGreaterThanOrEqual(500);
    expect(await paymentsOf(student.uid)).toHaveLength(0);
    const retry = await deliverEvent(payload);
    expect(retry.status).toBe(200);
    expect(await paymentsOf(student.uid)).toHaveLength(1);
  });

  it("leaves one payment when the page's sync and the webhook race", async () => {
    const student = await createStudent();
    const { created, payload } = await paidFirstInvoiceFor(billing.stripe, student, billing.Platinum);
    const results = await Promise.all([
      deliverLikeStripe(payload),
      syncAfterPaying(student, created.subscriptionId),
      deliverLikeStripe(payload),
      syncAfterPaying(student, created.subscriptionId),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200]);
    expect(results.filter((result) => result.body.recorded === true).length).toBeLessThanOrEqual(1);
    expect(await paymentsOf(student.uid)).toHaveLength(1);
    expect((await profileOf(student.uid)).badge).toBe('Platinum');
  }, 240_000);

  describe('a refund or dispute of a one-off month bought before subscriptions', () => {
    /** A one-off month recorded by the earlier checkout, paid at Stripe with this charge. */
    async function oldOneOffMonth(student: TestUser) {
      const paymentIntent = billing.stripe.confirm(
        billing.stripe.addPaymentIntent({
          amount: Math.round(billing.Platinum.price * 105),
          metadata: { uid: student.uid, packageId: billing.Platinum.id },
        }).id,
      );
      const chargeId = (paymentIntent as unknown as { latest_charge: string }).latest_charge;
      expect(chargeId).toMatch(/^ch_/);
      await recordOldOneOffPayment(student, billing.Platinum, { paymentIntentId: paymentIntent.id });
      return { paymentIntent, chargeId };
    }

    it.each(['refund', 'dispute'] as const)('marks its row and ends the month it gave (%s)', async (how) => {
      const student = await createStudent();
      const { paymentIntent, chargeId } = await oldOneOffMonth(student);
      expect((await profileOf(student.uid)).badge).toBe('Platinum');
      const revocation =
        how === 'refund'
          ? stripeEvent('charge.refunded', billing.stripe.refund(chargeId))
          : stripeEvent('charge.dispute.created', billing.stripe.dispute(chargeId));
      expect((await deliverEvent(revocation)).status).toBe(200);
      expect(await paymentsOf(student.uid)).toEqual([
        expect.objectContaining({
          id: paymentIntent.id,
          status: how === 'refund' ? 'refunded' : 'disputed',
          amountInCents: 5249,
        }),
      ]);
      const profile = await profileOf(student.uid);
      expect(profile.badge).toBe('Bronze');
      expect(profile.membership).toMatchObject({ packageId: billing.Platinum.id, status: 'expired' });
    });

    it('of a payment never recorded here writes nothing (one-off payments are no longer made)', async () => {
      const student = await createStudent();
      const paymentIntent = billing.stripe.confirm(
        billing.stripe.addPaymentIntent({
          amount: 5249,
          metadata: { uid: student.uid, packageId: billing.Platinum.id },
        }).id,
      );
      const chargeId = (paymentIntent as unknown as { latest_charge: string }).latest_charge;
      const response = await deliverEvent(stripeEvent('charge.refunded', billing.stripe.refund(chargeId)));
      expect(response.status).toBe(200);
      expect(await paymentsOf(student.uid)).toEqual([]);
      expect((await profileOf(student.uid)).badge).toBe('Bronze');
    });
  });
});
