import { describe, expect, it } from 'vitest';
import { call, raw } from './support/emulators.js';
import { createPackage, createStudent, paymentsOf, recordOldOneOffPayment } from './support/payments.js';
import { billingForTests } from './support/subscriptions.js';

const billing = billingForTests({ Gold: 29.99 });

describe('the one-off checkout (before subscriptions)', () => {
  it('is gone: POST /create-payment-intent and PUT /payments answer a JSON 404 and charge nothing', async () => {
    const student = await createStudent();
    const requestsBefore = billing.stripe.requests.length;
    // Routes the table no longer has, so written by hand.
    const create = await raw('POST', '/create-payment-intent', {
      token: student.token,
      body: { packageId: billing.Gold.id },
    });
    const record = await raw('PUT', '/payments', { token: student.token, body: { transactionId: 'pi_old123' } });
    expect([create.status, record.status]).toEqual([404, 404]);
    expect(create.body).toEqual({ message: expect.any(String) });
    expect(record.body).toEqual({ message: expect.any(String) });
    expect(billing.stripe.requests.slice(requestsBefore)).toEqual([]);
    expect(await paymentsOf(student.uid)).toHaveLength(0);
  });
});

describe('GET /already_purchased and GET /payment-history', () => {
  it('answers the membership and the payments, newest first, in pages', async () => {
    const student = await createStudent();
    const silver = await createPackage('Silver', 19.99);
    const none = await call('alreadyPurchased', { query: { email: student.email }, token: student.token });
    expect(none.body).toEqual({ packageName: null, packageId: null });

    // Rows of the one-off months bought before subscriptions are still listed.
    const first = await recordOldOneOffPayment(student, silver, { paidAt: new Date(Date.now() - 60_000) });
    const second = await recordOldOneOffPayment(student, billing.Gold);

    const held = await call('alreadyPurchased', { token: student.token });
    expect(held.body).toEqual({ packageName: 'Gold', packageId: billing.Gold.id });

    const page1 = await call('paymentHistory', { query: { email: student.email, limit: '1' }, token: student.token });
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
    const page2 = await call('paymentHistory', {
      query: { limit: '1', cursor: page1.body.nextCursor },
      token: student.token,
    });
    expect(page2.body.items.map((item: { _id: string }) => item._id)).toEqual([first.id]);
    expect(page2.body.nextCursor).toBeNull();
  });

  it("refuses a student reading another user's records", async () => {
    const student = await createStudent();
    const other = await createStudent();
    for (const name of ['alreadyPurchased', 'paymentHistory'] as const) {
      const response = await call(name, { query: { email: other.email }, token: student.token });
      expect(response.status).toBe(403);
    }
  });
});
