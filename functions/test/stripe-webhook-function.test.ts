// The stripeWebhook function as deployed, through the Functions emulator (the smoke tier): the
// raw body the platform keeps is what the signature is checked on, with the function's own
// secret. The handler's other cases run in-process in stripe-webhook.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from './support/fake-stripe.js';
import {
  createStudent,
  deliverEvent,
  paymentsOf,
  profileOf,
  signed,
  stripeEvent,
  type TestPackage,
} from './support/payments.js';
import { startBilling, subscribeAndPay } from './support/subscriptions.js';
import type { TestUser } from './support/emulators.js';

let stripe: FakeStripe;
let platinum: TestPackage;

beforeAll(async () => {
  ({ stripe, Platinum: platinum } = await startBilling({ Platinum: 49.99 }));
});
afterAll(() => stripe?.close());

/** A Platinum subscription whose first invoice is paid at Stripe, and its invoice.paid event. */
async function paidFirstInvoiceFor(student: TestUser) {
  const created = await subscribeAndPay(stripe, student, platinum);
  const invoice = stripe.invoices.get(stripe.subscriptions.get(created.subscriptionId)!.latest_invoice)!;
  expect(invoice.status).toBe('paid');
  return { created, invoice, payload: stripeEvent('invoice.paid', invoice) };
}

describe('stripeWebhook', () => {
  it('records an invoice.paid event once and upgrades the badge', async () => {
    const student = await createStudent();
    const { created, invoice, payload } = await paidFirstInvoiceFor(student);
    const response = await deliverEvent(payload);
    expect(response.status).toBe(200);
    expect(response.body.recorded).toBe(true);
    const payments = await paymentsOf(student.uid);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      transactionId: invoice.id,
      packageName: 'Platinum',
      amountInCents: created.amountDueInCents,
    });
    const profile = await profileOf(student.uid);
    expect(profile.badge).toBe('Platinum');
    expect(profile.membership).toMatchObject({ packageId: platinum.id, packageName: 'Platinum' });
  });

  it('answers 400 to a bad or missing signature and writes nothing', async () => {
    const student = await createStudent();
    const { payload } = await paidFirstInvoiceFor(student);
    const forged = await deliverEvent(payload, signed(payload, 'whsec_not_the_real_secret'));
    expect(forged.status).toBe(400);
    const tampered = await deliverEvent(payload.replace('"livemode":false', '"livemode":true'), signed(payload));
    expect(tampered.status).toBe(400);
    const unsigned = await deliverEvent(payload, null);
    expect(unsigned.status).toBe(400);
    expect(await paymentsOf(student.uid)).toHaveLength(0);
    expect((await profileOf(student.uid)).badge).toBe('Bronze');
  });
});
