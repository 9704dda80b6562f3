import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/emulators.js';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.js';
import {
  centsWithVat,
  createPackage,
  createStudent,
  deliverEvent,
  deliverLikeStripe,
  paymentIntentEvent,
  paymentsOf,
  profileOf,
  signed,
  stripeEvent,
  type TestPackage,
} from './support/payments.js';

let stripe: FakeStripe;
let platinum: TestPackage;

beforeAll(async () => {
  stripe = await startFakeStripe();
  platinum = await createPackage('Platinum', 49.99);
});
afterAll(async () => {
  await stripe?.close();
});

function succeededPaymentFor(uid: string, amount = centsWithVat(platinum.price)) {
  const paymentIntent = stripe.addPaymentIntent({ amount, metadata: { uid, packageId: platinum.id } });
  return stripe.confirm(paymentIntent.id);
}

describe('stripeWebhook', () => {
  it('records a payment_intent.succeeded event once and upgrades the badge', async () => {
    const student = await createStudent();
    const paymentIntent = succeededPaymentFor(student.uid);
    const response = await deliverEvent(paymentIntentEvent(paymentIntent));
    expect(response.status).toBe(200);
    expect(response.body.upsertedId).toBe(paymentIntent.id);
    const payments = await paymentsOf(student.uid);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      transactionId: paymentIntent.id,
      packageName: 'Platinum',
      amountInCents: 5249,
    });
    const profile = await profileOf(student.uid);
    expect(profile.badge).toBe('Platinum');
    expect(profile.membership).toMatchObject({ packageId: platinum.id, packageName: 'Platinum' });
  });

  it('leaves one payment when the same event arrives 10 times at once', async () => {
    const student = await createStudent();
    const paymentIntent = succeededPaymentFor(student.uid);
    const payload = paymentIntentEvent(paymentIntent);
    // Stripe redelivers what fails; on the emulator each concurrent delivery may have to wait
    // for a function instance of its own to start.
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => deliverLikeStripe(payload)));
    expect(deliveries.map((delivery) => delivery.status)).toEqual(Array(10).fill(200));
    expect(deliveries.filter((delivery) => delivery.body.upsertedId === paymentIntent.id).length).toBeLessThanOrEqual(
      1,
    );
    expect(await paymentsOf(student.uid)).toHaveLength(1);
    expect((await profileOf(student.uid)).badge).toBe('Platinum');
  }, 240_000);

  it('answers 400 to a bad or missing signature and writes nothing', async () => {
    const student = await createStudent();
    const paymentIntent = succeededPaymentFor(student.uid);
    const payload = paymentIntentEvent(paymentIntent);
    const forged = await deliverEvent(payload, signed(payload, 'whsec_not_the_real_secret'));
    expect(forged.status).toBe(400);
    const tampered = await deliverEvent(payload.replace('"livemode":false', '"livemode":true'), signed(payload));
    expect(tampered.status).toBe(400);
    const unsigned = await deliverEvent(payload, null);
    expect(unsigned.status).toBe(400);
    expect(await paymentsOf(student.uid)).toHaveLength(0);
    expect((await profileOf(student.uid)).badge).toBe('Bronze');
  });

  it('refuses a PaymentIntent whose amount does not match the package, for good', async () => {
    const student = await createStudent();
    const cheap = succeededPaymentFor(student.uid, 100);
    const response = await deliverEvent(paymentIntentEvent(cheap));
    // Acknowledged so Stripe stops retrying, but nothing is recorded.
    expect(response.status).toBe(200);
    expect(response.body.refused).toMatch(/does not match/);
    expect(await paymentsOf(student.uid)).toHaveLength(0);
    expect((await profileOf(student.uid)).badge).toBe('Bronze');
  });

  it('trusts the PaymentIntent read back from Stripe, not the event body', async () => {
    const student = await createStudent();
    const pending = stripe.addPaymentIntent({
      amount: centsWithVat(platinum.price),
      metadata: { uid: student.uid, packageId: platinum.id },
    });
    const response = await deliverEvent(paymentIntentEvent({ ...pending, status: 'succeeded' }));
    expect(response.status).toBe(200);
    expect(response.body.refused).toMatch(/not succeeded/);
    expect(await paymentsOf(student.uid)).toHaveLength(0);
  });

  it('acknowledges event types it does not handle', async () => {
    const student = await createStudent();
    const paymentIntent = succeededPaymentFor(student.uid);
    const response = await deliverEvent(paymentIntentEvent(paymentIntent, 'payment_intent.created'));
    expect(response.status).toBe(200);
    expect(response.body.ignored).toBe('payment_intent.created');
    expect(await paymentsOf(student.uid)).toHaveLength(0);
  });

  it('answers non-2xx while Stripe cannot be reached, so the event is delivered again', async () => {
    const student = await createStudent();
    const paymentIntent = succeededPaymentFor(student.uid);
    const payload = paymentIntentEvent(paymentIntent);
    stripe.setOutage(true);
    let during;
    try {
      during = await deliverEvent(payload);
    } finally {
      stripe.setOutage(false);
    }
    expect(during.status).toBeGreaterThanOrEqual(500);
    expect(await paymentsOf(student.uid)).toHaveLength(0);
    const retry = await deliverEvent(payload);
    expect(retry.status).toBe(200);
    expect(await paymentsOf(student.uid)).toHaveLength(1);
  });

  it('leaves one payment when PUT /payments and the webhook race', async () => {
    const student = await createStudent();
    const paymentIntent = succeededPaymentFor(student.uid);
    const payload = paymentIntentEvent(paymentIntent);
    const results = await Promise.all([
      deliverLikeStripe(payload),
      call('PUT', '/payments', { token: student.token, body: { transactionId: paymentIntent.id } }),
      deliverLikeStripe(payload),
      call('PUT', '/payments', { token: student.token, body: { transactionId: paymentIntent.id } }),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200]);
    expect(results.filter((result) => result.body.upsertedId === paymentIntent.id).length).toBeLessThanOrEqual(1);
    expect(await paymentsOf(student.uid)).toHaveLength(1);
    expect((await profileOf(student.uid)).badge).toBe('Platinum');
  }, 240_000);

  describe('a refund or dispute that arrives before its payment is recorded', () => {
    /** A paid one-off month, then the money taken back at Stripe; answers both events. */
    function paidThenTakenBack(uid: string, how: 'refund' | 'dispute') {
      const paymentIntent = succeededPaymentFor(uid);
      const chargeId = (paymentIntent as unknown as { latest_charge: string }).latest_charge;
      expect(chargeId).toMatch(/^ch_/);
      const revocation =
        how === 'refund'
          ? stripeEvent('charge.refunded', stripe.refund(chargeId))
          : stripeEvent('charge.dispute.created', stripe.dispute(chargeId));
      return { paymentIntent, payment: paymentIntentEvent(paymentIntent), revocation };
    }

    it.each(['refund', 'dispute'] as const)(
      'is kept: the %s delivered first, the payment after, the row stays taken back and gives no membership',
      async (how) => {
        const student = await createStudent();
        const { paymentIntent, payment, revocation } = paidThenTakenBack(student.uid, how);
        expect((await deliverEvent(revocation)).status).toBe(200);
        const recorded = await deliverEvent(payment);
        expect(recorded.status).toBe(200);
        expect(recorded.body.upsertedId).toBeNull();
        const status = how === 'refund' ? 'refunded' : 'disputed';
        expect(await paymentsOf(student.uid)).toEqual([
          expect.objectContaining({
            id: paymentIntent.id,
            transactionId: paymentIntent.id,
            status,
            packageId: platinum.id,
            packageName: 'Platinum',
            amountInCents: 5249,
            email: student.email,
          }),
        ]);
        const profile = await profileOf(student.uid);
        expect(profile.badge).toBe('Bronze');
        expect(profile.membership ?? null).toBeNull();
        // PUT /payments from the page after paying gives nothing either.
        const put = await call('PUT', '/payments', { token: student.token, body: { transactionId: paymentIntent.id } });
        expect(put.status).toBe(200);
        expect((await profileOf(student.uid)).badge).toBe('Bronze');
        expect((await paymentsOf(student.uid)).map((row) => (row as { status?: string }).status)).toEqual([status]);
      },
    );

    it('in the usual order (payment, then refund) ends the month the payment gave', async () => {
      const student = await createStudent();
      const { paymentIntent, payment, revocation } = paidThenTakenBack(student.uid, 'refund');
      expect((await deliverEvent(payment)).body.upsertedId).toBe(paymentIntent.id);
      expect((await profileOf(student.uid)).badge).toBe('Platinum');
      expect((await deliverEvent(revocation)).status).toBe(200);
      expect(await paymentsOf(student.uid)).toEqual([
        expect.objectContaining({ id: paymentIntent.id, status: 'refunded', amountInCents: 5249 }),
      ]);
      const profile = await profileOf(student.uid);
      expect(profile.badge).toBe('Bronze');
      expect(profile.membership).toMatchObject({ packageId: platinum.id, status: 'expired' });
    });
  });
});
