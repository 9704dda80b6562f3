import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/emulators.js';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.js';
import {
  centsWithVat,
  createPackage,
  createStudent,
  paymentsOf,
  profileOf,
  type TestPackage,
} from './support/payments.js';

let stripe: FakeStripe;
let gold: TestPackage;

beforeAll(async () => {
  stripe = await startFakeStripe();
  gold = await createPackage('Gold', 29.99);
});
afterAll(async () => {
  await stripe?.close();
});

/** A PaymentIntent the fake knows, made the way the API makes them, then confirmed. */
function succeededPaymentFor(uid: string, pack: TestPackage, amount = centsWithVat(pack.price)) {
  const paymentIntent = stripe.addPaymentIntent({ amount, metadata: { uid, packageId: pack.id } });
  return stripe.confirm(paymentIntent.id);
}

describe('POST /create-payment-intent', () => {
  it('creates a PaymentIntent for the package price with 5% VAT, tagged with the caller and package', async () => {
    const student = await createStudent();
    const response = await call('POST', '/create-payment-intent', {
      token: student.token,
      body: { packageId: gold.id },
    });
    expect(response.status).toBe(200);
    expect(response.body.amountInCents).toBe(3149); // 29.99 + 5% = 31.4895 -> $31.49
    const created = stripe.paymentIntents.get(response.body.paymentIntentId);
    expect(created).toMatchObject({
      amount: 3149,
      currency: 'usd',
      metadata: { uid: student.uid, packageId: gold.id },
    });
    expect(response.body.clientSecret).toBe(created?.client_secret);
  });

  it('accepts a client amount equal to its own and refuses any other', async () => {
    const student = await createStudent();
    const wrong = await call('POST', '/create-payment-intent', {
      token: student.token,
      body: { packageId: gold.id, amountInCents: 100 },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/amountInCents/);
    const right = await call('POST', '/create-payment-intent', {
      token: student.token,
      body: { packageId: gold.id, amountInCents: centsWithVat(gold.price) },
    });
    expect(right.status).toBe(200);
  });

  it('gives a double-click the same PaymentIntent instead of a second one', async () => {
    const student = await createStudent();
    const clicks = await Promise.all(
      [1, 2].map(() => call('POST', '/create-payment-intent', { token: student.token, body: { packageId: gold.id } })),
    );
    expect(clicks.map((click) => click.status)).toEqual([200, 200]);
    expect(clicks[1]?.body.paymentIntentId).toBe(clicks[0]?.body.paymentIntentId);
    const mine = [...stripe.paymentIntents.values()].filter((intent) => intent.metadata.uid === student.uid);
    expect(mine).toHaveLength(1);
  });

  it('refuses a package the caller already holds', async () => {
    const student = await createStudent();
    await call('PUT', '/payments', {
      token: student.token,
      body: { transactionId: succeededPaymentFor(student.uid, gold).id },
    });
    const response = await call('POST', '/create-payment-intent', {
      token: student.token,
      body: { packageId: gold.id },
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('You already purchased this package');
  });

  it('answers 404 for an unknown package, 400 for a bad body and 401 without a token', async () => {
    const student = await createStudent();
    const unknown = await call('POST', '/create-payment-intent', {
      token: student.token,
      body: { packageId: 'no-such-package' },
    });
    expect(unknown.status).toBe(404);
    const bad = await call('POST', '/create-payment-intent', { token: student.token, body: { amountInCents: 3149 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/packageId/);
    const anonymous = await call('POST', '/create-payment-intent', { body: { packageId: gold.id } });
    expect(anonymous.status).toBe(401);
  });

  it('reports an unreachable payment provider as 502, never a 500', async () => {
    const student = await createStudent();
    stripe.setOutage(true);
    try {
      const response = await call('POST', '/create-payment-intent', {
        token: student.token,
        body: { packageId: gold.id },
      });
      expect(response.status).toBe(502);
    } finally {
      stripe.setOutage(false);
    }
  });
});

describe('PUT /payments', () => {
  it('records a succeeded payment once and upgrades the badge and membership', async () => {
    const student = await createStudent();
    const paymentIntent = succeededPaymentFor(student.uid, gold);
    const first = await call('PUT', '/payments', {
      token: student.token,
      body: { transactionId: paymentIntent.id, packageName: 'Gold', email: student.email, amount: 31.49 },
    });
    expect(first.status).toBe(200);
    expect(first.body.upsertedId).toBe(paymentIntent.id);

    const [payment] = await paymentsOf(student.uid);
    expect(payment).toMatchObject({
      id: paymentIntent.id,
      uid: student.uid,
      email: student.email,
      packageId: gold.id,
      packageName: 'Gold',
      amount: 31.49,
      amountInCents: 3149,
      currency: 'usd',
      transactionId: paymentIntent.id,
      paymentMethod: ['card'],
      status: 'succeeded',
    });
    const profile = await profileOf(student.uid);
    expect(profile.badge).toBe('Gold');
    expect(profile.membership).toMatchObject({ packageId: gold.id, packageName: 'Gold' });

    const again = await call('PUT', '/payments', { token: student.token, body: { transactionId: paymentIntent.id } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ modifiedCount: 0, upsertedId: null });
    expect(await paymentsOf(student.uid)).toHaveLength(1);
  });

  it("refuses to record another user's payment (403) and writes nothing", async () => {
    const owner = await createStudent();
    const thief = await createStudent();
    const paymentIntent = succeededPaymentFor(owner.uid, gold);
    const response = await call('PUT', '/payments', { token: thief.token, body: { transactionId: paymentIntent.id } });
    expect(response.status).toBe(403);
    expect(await paymentsOf(owner.uid)).toHaveLength(0);
    expect(await paymentsOf(thief.uid)).toHaveLength(0);
    expect((await profileOf(thief.uid)).badge).toBe('Bronze');
  });

  it('refuses a payment whose amount does not match the package', async () => {
    const student = await createStudent();
    const cheap = succeededPaymentFor(student.uid, gold, 100);
    const response = await call('PUT', '/payments', { token: student.token, body: { transactionId: cheap.id } });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/does not match/);
    expect(await paymentsOf(student.uid)).toHaveLength(0);
    expect((await profileOf(student.uid)).badge).toBe('Bronze');
  });

  it('refuses a payment that has not succeeded, and an unknown one', async () => {
    const student = await createStudent();
    const pending = stripe.addPaymentIntent({
      amount: centsWithVat(gold.price),
      metadata: { uid: student.uid, packageId: gold.id },
    });
    const notYet = await call('PUT', '/payments', { token: student.token, body: { transactionId: pending.id } });
    expect(notYet.status).toBe(409);
    const unknown = await call('PUT', '/payments', { token: student.token, body: { transactionId: 'pi_unknown123' } });
    expect(unknown.status).toBe(404);
    const malformed = await call('PUT', '/payments', { token: student.token, body: { transactionId: 'ch_123' } });
    expect(malformed.status).toBe(400);
    expect(await paymentsOf(student.uid)).toHaveLength(0);
  });

  it("refuses a body that names someone else's email", async () => {
    const student = await createStudent();
    const paymentIntent = succeededPaymentFor(student.uid, gold);
    const response = await call('PUT', '/payments', {
      token: student.token,
      body: { transactionId: paymentIntent.id, email: 'admin@hostelhub.test' },
    });
    expect(response.status).toBe(403);
    expect(await paymentsOf(student.uid)).toHaveLength(0);
  });
});

describe('GET /already_purchased and GET /payment-history', () => {
  it('answers the membership and the payments, newest first, in pages', async () => {
    const student = await createStudent();
    const silver = await createPackage('Silver', 19.99);
    const none = await call('GET', `/already_purchased?email=${encodeURIComponent(student.email)}`, {
      token: student.token,
    });
    expect(none.body).toEqual({ packageName: null, packageId: null });

    const first = succeededPaymentFor(student.uid, silver);
    await call('PUT', '/payments', { token: student.token, body: { transactionId: first.id } });
    const second = succeededPaymentFor(student.uid, gold);
    await call('PUT', '/payments', { token: student.token, body: { transactionId: second.id } });

    const held = await call('GET', '/already_purchased', { token: student.token });
    expect(held.body).toEqual({ packageName: 'Gold', packageId: gold.id });

    const page1 = await call('GET', `/payment-history?email=${encodeURIComponent(student.email)}&limit=1`, {
      token: student.token,
    });
    expect(page1.status).toBe(200);
    expect(page1.body.items).toHaveLength(1);
    expect(page1.body.items[0]).toMatchObject({
      _id: second.id,
      transactionId: second.id,
      packageName: 'Gold',
      amount: 31.49,
      email: student.email,
      status: 'succeeded',
      paymentMethod: ['card'],
    });
    expect(Date.parse(page1.body.items[0].paidAt)).not.toBeNaN();
    const page2 = await call('GET', `/payment-history?limit=1&cursor=${page1.body.nextCursor}`, {
      token: student.token,
    });
    expect(page2.body.items.map((item: { _id: string }) => item._id)).toEqual([first.id]);
    expect(page2.body.nextCursor).toBeNull();
  });

  it("refuses a student reading another user's records", async () => {
    const student = await createStudent();
    const other = await createStudent();
    for (const path of ['/already_purchased', '/payment-history']) {
      const response = await call('GET', `${path}?email=${encodeURIComponent(other.email)}`, { token: student.token });
      expect(response.status).toBe(403);
    }
  });
});
