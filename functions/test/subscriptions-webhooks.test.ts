// Memberships as Stripe subscriptions: refunds and disputes, the webhook's deliveries (in any
// order, twice, while Stripe is down) and `npm run stripe:sync`.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { call, db } from './support/emulators.js';
import { notificationKindsOf } from './support/notifications.js';
import { createPackage, createStudent, deliverEvent, stripeEvent } from './support/payments.js';
import { billingAtThePresent, iso, nowSeconds } from './support/subscriptions.js';
const billing = billingAtThePresent({ Silver: 19.99, Gold: 29.99 });

describe('refunds and disputes', () => {
  it.each(['refund', 'dispute'] as const)('a %s revokes the paid period and stops the subscription', async (what) => {
    const student = await createStudent();
    const { created, customer } = await billing.memberThroughWebhook(student, billing.Gold);
    expect(await billing.requestStatus(student.token)).toBe(201);

    const invoice = billing.stripe.invoices.get(billing.subscriptionOf(created.subscriptionId).latest_invoice)!;
    const paymentIntent = billing.stripe.paymentIntents.get(
      invoice.confirmation_secret.client_secret.split('_secret_')[0],
    )!;
    const chargeId = (paymentIntent as unknown as { latest_charge: string }).latest_charge;
    if (what === 'refund') billing.stripe.refund(chargeId);
    else billing.stripe.dispute(chargeId);
    const statuses = await billing.deliverInOrder(billing.eventsOf(customer));
    expect(statuses.every((status) => status === 200)).toBe(true);
    // The cancellation the revocation made is delivered too: still revoked.
    await billing.deliverInOrder(billing.eventsOf(customer));

    expect(billing.subscriptionOf(created.subscriptionId).status).toBe('canceled');
    const state = await billing.storedMembership(student.uid);
    expect(state.membership).toMatchObject({ status: 'expired' });
    expect(state.badge).toBe('Bronze');
    expect(await billing.requestStatus(student.token)).toBe(402);
    const [row] = await billing.subscriptionPayments(created.subscriptionId);
    expect(row?.status).toBe(what === 'refund' ? 'refunded' : 'disputed');
  });
});

describe('webhook deliveries', () => {
  /** A member's month: subscribe and pay (the page syncs), renew, then cancel at period end. */
  async function aMonthOfEvents(startsAt: number) {
    // Both members subscribe at the same moment on Stripe's clock: the same prorated first invoice.
    billing.stripe.setClock(startsAt);
    const student = await createStudent();
    const created = await billing.subscribeAndPay(student, billing.Gold);
    await billing.syncAfterPaying(student, created.subscriptionId);
    const customer = await billing.customerOf(student.uid);
    billing.stripe.advanceClock(billing.itemOf(created.subscriptionId).current_period_end + 60);
    const canceled = await call('cancelSubscription', { token: student.token });
    expect(canceled.status).toBe(200);
    return { student, created, events: billing.eventsOf(customer) };
  }

  const normalized = async (uid: string, subscriptionId: string) => {
    const state = await billing.storedMembership(uid);
    const rows = await billing.subscriptionPayments(subscriptionId);
    return {
      badge: state.badge,
      membership: {
        ...state.membership,
        subscriptionId: state.membership?.subscriptionId === subscriptionId,
        packageId: state.membership?.packageId === billing.Gold.id,
        currentPeriodEnd:
          state.membership?.currentPeriodEnd?.toDate().toISOString() ===
          iso(billing.itemOf(subscriptionId).current_period_end),
      },
      payments: rows.map((row) => `${row.status} ${row.amountInCents}`).sort(),
      notifications: await notificationKindsOf(uid),
    };
  };

  it('every event delivered twice, concurrently and out of order, leaves the state in-order delivery leaves', async () => {
    const startsAt = nowSeconds();
    const inOrder = await aMonthOfEvents(startsAt);
    expect((await billing.deliverInOrder(inOrder.events)).every((status) => status === 200)).toBe(true);
    const expected = await normalized(inOrder.student.uid, inOrder.created.subscriptionId);
    expect(expected.membership).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: true });
    expect(expected.payments).toHaveLength(2);
    expect(expected.notifications).toEqual(['membership-ends-soon', 'membership-renewed']);

    const shuffled = await aMonthOfEvents(startsAt);
    const statuses = await billing.deliverTwiceConcurrentlyReversed(shuffled.events);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await normalized(shuffled.student.uid, shuffled.created.subscriptionId)).toEqual(expected);

    // And a third time, for good measure: nothing changes.
    await billing.deliverInOrder(shuffled.events);
    expect(await normalized(shuffled.student.uid, shuffled.created.subscriptionId)).toEqual(expected);
  }, 300_000);

  it('trusts Stripe, not the event body; ignores other types; answers 5xx while Stripe is down', async () => {
    const student = await createStudent();
    const created = await call('subscribe', { token: student.token, body: { packageId: billing.Gold.id } });
    const invoice = billing.stripe.invoices.get(billing.subscriptionOf(created.body.subscriptionId).latest_invoice)!;
    const forged = await deliverEvent(stripeEvent('invoice.paid', { ...invoice, status: 'paid', amount_paid: 1 }));
    expect(forged.status).toBe(200);
    expect(forged.body.refused).toMatch(/not paid/);
    expect(await billing.subscriptionPayments(created.body.subscriptionId)).toHaveLength(0);

    const ignored = await deliverEvent(stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(ignored.body).toEqual({ received: true, ignored: 'customer.created' });
    const unknown = await deliverEvent(stripeEvent('invoice.paid', { id: 'in_unknown', object: 'invoice' }));
    expect(unknown.status).toBe(200);

    billing.stripe.setOutage(true);
    try {
      const down = await deliverEvent(
        stripeEvent('customer.subscription.updated', { id: created.body.subscriptionId }),
      );
      expect(down.status).toBeGreaterThanOrEqual(500);
    } finally {
      billing.stripe.setOutage(false);
    }
  });
});

describe('npm run stripe:sync', () => {
  const sync = () =>
    promisify(execFile)(process.execPath, ['scripts/stripe-sync.mjs'], {
      cwd: resolve(__dirname, '..', '..'),
      env: { ...process.env, STRIPE_SECRET_KEY: 'sk_test_catalogue_sync' },
    });
  const pricesOf = (packageId: string) =>
    [...billing.stripe.prices.values()].filter((price) => price.metadata.packageId === packageId);

  it('makes one monthly Price per package and price, and a new Price when the price changes', async () => {
    const pack = await createPackage('Silver', 17.5);
    await sync();
    await sync();
    expect(pricesOf(pack.id)).toEqual([
      expect.objectContaining({
        lookup_key: `hostelhub_${pack.id}_1750_usd_month`,
        unit_amount: 1750,
        recurring: { interval: 'month', interval_count: 1 },
      }),
    ]);
    const vat = [...billing.stripe.taxRates.values()].filter((rate) => rate.metadata.hostelhub === 'vat-5');
    expect(vat).toEqual([expect.objectContaining({ percentage: 5, inclusive: false })]);

    await db.doc(`packages/${pack.id}`).update({ price: 18.5 });
    await sync();
    expect(
      pricesOf(pack.id)
        .map((price) => price.unit_amount)
        .sort(),
    ).toEqual([1750, 1850]);
  }, 120_000);
});
