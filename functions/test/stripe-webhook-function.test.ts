// The stripeWebhook function as deployed, through the Functions emulator (the smoke tier): the
// raw body the platform keeps is what the signature is checked on, with the function's own
// secret. The handler's other cases run in-process in stripe-webhook.test.ts.
import { describe, expect, it } from 'vitest';
import { createStudent, deliverEvent, paymentsOf, profileOf, signed } from './support/payments.js';
import { billingForTests, paidFirstInvoiceFor } from './support/subscriptions.js';

const billing = billingForTests({ Platinum: 49.99 });

describe('stripeWebhook', () => {
  it('records an invoice.paid event once and upgrades the badge', async () => {
    const student = await createStudent();
    const { created, invoice, payload } = await paidFirstInvoiceFor(billing.stripe, student, billing.Platinum);
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
    expect(profile.membership).toMatchObject({ packageId: billing.Platinum.id, packageName: 'Platinum' });
  });

  it('answers 400 to a bad or missing signature and writes nothing', async () => {
    const student = await createStudent();
    const { payload } = await paidFirstInvoiceFor(billing.stripe, student, billing.Platinum);
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
