// Memberships as Stripe subscriptions, end to end through the API and the webhook, with the
// fake Stripe's clock standing in for time passing at Stripe (a test clock).
// Subscribing and renewals; changing plan: subscriptions-changes.test.ts; refunds, deliveries
// and the sync script: subscriptions-webhooks.test.ts.
import { describe, expect, it } from 'vitest';
import { defaultHostelTimeZone, emailNotVerifiedMessage } from '@hostelhub/contracts';
import { call, db, markEmailVerified } from './support/emulators.js';
import { notificationsOf } from './support/notifications.js';
import { createPackage, createStudent } from './support/payments.js';
import { billingAtThePresent, day, iso, nowSeconds } from './support/subscriptions.js';
const billing = billingAtThePresent({ Silver: 19.99, Gold: 29.99 });

describe('subscribing', () => {
  it('creates a monthly subscription on the 15th for the caller’s one Customer, and the paid first invoice makes a member', async () => {
    const student = await createStudent();
    const created = await billing.subscribeAndPay(student, billing.Gold);

    const subscription = billing.subscriptionOf(created.subscriptionId);
    expect(subscription).toMatchObject({
      payment_behavior: 'default_incomplete',
      billing_cycle_anchor_config: { day_of_month: 15 },
      metadata: { uid: student.uid, packageId: billing.Gold.id },
    });
    // The catalogue: a monthly USD Price of the package's price, and 5% VAT on top.
    expect(billing.itemOf(created.subscriptionId).price).toMatchObject({
      unit_amount: 2999,
      currency: 'usd',
      recurring: { interval: 'month' },
      tax_behavior: 'exclusive',
      lookup_key: `hostelhub_${billing.Gold.id}_2999_usd_month`,
    });
    expect(subscription.default_tax_rates).toEqual([expect.objectContaining({ percentage: 5, inclusive: false })]);
    // The first period runs to the next 15th, charged in proportion, VAT included.
    const periodEnd = new Date(created.currentPeriodEnd);
    expect(periodEnd.getUTCDate()).toBe(15);
    expect(periodEnd.getTime()).toBeGreaterThan(Date.now());
    const invoice = billing.stripe.invoices.get(subscription.latest_invoice)!;
    expect(created.amountDueInCents).toBe(invoice.amount_due);
    expect(invoice.amount_due).toBe(invoice.subtotal + Math.round(invoice.subtotal * 0.05));

    const customer = await billing.customerOf(student.uid);
    expect(subscription.customer).toBe(customer);
    expect(billing.stripe.customers.get(customer)?.metadata).toEqual({ uid: student.uid });

    const synced = await billing.syncAfterPaying(student, created.subscriptionId);
    expect(synced.status).toBe(200);
    expect(synced.body).toEqual({
      badge: 'Gold',
      membership: {
        packageId: billing.Gold.id,
        packageName: 'Gold',
        status: 'active',
        currentPeriodEnd: created.currentPeriodEnd,
        cancelAtPeriodEnd: false,
        subscriptionId: created.subscriptionId,
      },
    });
    expect(await billing.requestStatus(student.token)).toBe(201);
    // The page's report recorded the paid first invoice already.
    expect((await billing.subscriptionPayments(created.subscriptionId)).map((row) => row.id)).toEqual([invoice.id]);

    // The webhook's invoice.paid records the same payment, once per invoice.
    const statuses = await billing.deliverInOrder(billing.eventsOf(customer));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const rows = await billing.subscriptionPayments(created.subscriptionId);
    expect(rows).toEqual([
      expect.objectContaining({
        id: invoice.id,
        uid: student.uid,
        email: student.email,
        packageName: 'Gold',
        amountInCents: invoice.amount_due,
        status: 'succeeded',
        transactionId: invoice.id,
        // A member with no hall of their own pays at the first hall (ADR 72).
        hallId: 'main',
      }),
    ]);
    const history = await call('paymentHistory', { token: student.token });
    expect(history.body.items.map((row: { _id: string }) => row._id)).toEqual([invoice.id]);
  });

  it('tells at the checkout what the first invoice then charges today, and the monthly charge after it', async () => {
    const student = await createStudent();
    const before = nowSeconds();
    billing.stripe.setClock(before);
    const shown = await call('package', { params: { id: billing.Gold.id } });
    expect(shown.status).toBe(200);
    const { firstPayment } = shown.body as {
      firstPayment: { dueTodayInCents: number; monthlyInCents: number; renewsAt: string };
    };
    expect(firstPayment.monthlyInCents).toBe(3149); // 29.99 + 5% VAT
    const created = await billing.subscribeAndPay(student, billing.Gold);
    // The same rule as Stripe's invoice; the seconds between the two asks may move a cent.
    expect(Math.abs(created.amountDueInCents - firstPayment.dueTodayInCents)).toBeLessThanOrEqual(1);
    expect(Math.abs(Date.parse(created.currentPeriodEnd) - Date.parse(firstPayment.renewsAt))).toBeLessThan(
      (nowSeconds() - before + 2) * 1000,
    );
  });

  it('refuses the same package while it is active, and a second subscription beside a live one', async () => {
    const student = await createStudent();
    const created = await billing.subscribeAndPay(student, billing.Gold);
    await billing.syncAfterPaying(student, created.subscriptionId);
    const same = await call('subscribe', { token: student.token, body: { packageId: billing.Gold.id } });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('You already purchased this package');
    const other = await call('subscribe', { token: student.token, body: { packageId: billing.Silver.id } });
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/change your plan/);
  });

  it('gives a double-click one subscription and keeps one Customer per user', async () => {
    const student = await createStudent();
    const clicks = await Promise.all(
      [1, 2].map(() => call('subscribe', { token: student.token, body: { packageId: billing.Silver.id } })),
    );
    expect(clicks.map((click) => click.status)).toEqual([201, 201]);
    expect(clicks[1]?.body.subscriptionId).toBe(clicks[0]?.body.subscriptionId);
    const customers = [...billing.stripe.customers.values()].filter(
      (customer) => customer.metadata.uid === student.uid,
    );
    expect(customers).toHaveLength(1);
    expect(await billing.customerOf(student.uid)).toBe(customers[0]?.id);
  });

  it('pays the same subscription on a second try after a declined card', async () => {
    const student = await createStudent();
    const declined = await billing.subscribeAndPay(student, billing.Silver, 'declined');
    expect(billing.subscriptionOf(declined.subscriptionId).status).toBe('incomplete');
    expect((await billing.syncAfterPaying(student, declined.subscriptionId)).body.membership).toBeNull();
    const retried = await billing.subscribeAndPay(student, billing.Silver);
    expect(retried.subscriptionId).toBe(declined.subscriptionId);
    expect(retried.clientSecret).toBe(declined.clientSecret);
    const synced = await billing.syncAfterPaying(student, retried.subscriptionId);
    expect(synced.body).toMatchObject({ badge: 'Silver', membership: { status: 'active' } });
    const mine = [...billing.stripe.subscriptions.values()].filter((entry) => entry.metadata.uid === student.uid);
    expect(mine).toHaveLength(1);
  });

  it('refuses a bad body, an unknown package, another user’s subscription and an unpaid one', async () => {
    const student = await createStudent();
    const other = await createStudent();
    expect(
      (await call('subscribe', { token: student.token, untypedBody: { packageId: billing.Gold.id, price: 1 } })).status,
    ).toBe(400);
    expect((await call('subscribe', { token: student.token, body: { packageId: 'nope' } })).status).toBe(404);
    expect((await call('subscribe', { body: { packageId: billing.Gold.id } })).status).toBe(401);
    const created = await call('subscribe', { token: student.token, body: { packageId: billing.Gold.id } });
    expect((await billing.syncAfterPaying(other, created.body.subscriptionId)).status).toBe(403);
    expect((await call('syncSubscription', { params: { id: 'not-a-sub' }, token: student.token })).status).toBe(400);
    // Not paid yet: no membership.
    const unpaid = await billing.syncAfterPaying(student, created.body.subscriptionId);
    expect(unpaid.body).toEqual({ membership: null, badge: 'Bronze' });
    expect(await billing.requestStatus(student.token)).toBe(402);
  });

  it('checks a synced subscription is the caller’s own in Firestore before asking Stripe', async () => {
    const owner = await createStudent();
    const other = await createStudent();
    const created = await call('subscribe', { token: owner.token, body: { packageId: billing.Gold.id } });
    expect(created.status).toBe(201);
    const stripeCallsBefore = billing.stripe.requests.length;
    const foreign = await billing.syncAfterPaying(other, created.body.subscriptionId);
    const unknown = await call('syncSubscription', { params: { id: 'sub_nobodyhasthisone' }, token: other.token });
    expect([foreign.status, unknown.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual({ message: 'This subscription is not yours' });
    expect(unknown.body).toEqual(foreign.body);
    // Refused from the caller's own document: Stripe was not asked at all.
    expect(billing.stripe.requests.slice(stripeCallsBefore)).toEqual([]);
    // The owner's own sync still reaches Stripe.
    expect((await billing.syncAfterPaying(owner, created.body.subscriptionId)).status).toBe(200);
    expect(billing.stripe.requests.length).toBeGreaterThan(stripeCallsBefore);
  });

  it('refuses a subscription to an account whose email is not verified, until it is', async () => {
    const student = await createStudent('Unverified Student', { emailVerified: false });
    const subscribing = await call('subscribe', { token: student.token, body: { packageId: billing.Gold.id } });
    expect(subscribing.status).toBe(403);
    expect(subscribing.body).toEqual({ message: emailNotVerifiedMessage });
    // Nothing was made at Stripe for it.
    expect([...billing.stripe.customers.values()].filter((customer) => customer.metadata.uid === student.uid)).toEqual(
      [],
    );

    // Verified (the link followed): the same API token may subscribe, checked at the moment of use.
    await markEmailVerified(student.uid);
    const verified = await call('subscribe', { token: student.token, body: { packageId: billing.Gold.id } });
    expect(verified.status).toBe(201);
  });

  it('does not refuse a card already charged when the package price changed during checkout', async () => {
    const student = await createStudent();
    const pack = await createPackage('Platinum', 49.99);
    const created = await call('subscribe', { token: student.token, body: { packageId: pack.id } });
    // An admin changes the price while the student types their card number.
    await db.doc(`packages/${pack.id}`).update({ price: 59.99 });
    billing.stripe.confirm(String(created.body.clientSecret).split('_secret_')[0] ?? '');
    const customer = await billing.customerOf(student.uid);
    const statuses = await billing.deliverInOrder(billing.eventsOf(customer));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const state = await billing.storedMembership(student.uid);
    expect(state.badge).toBe('Platinum');
    expect(state.membership).toMatchObject({ packageId: pack.id, status: 'active' });
    const [row] = await billing.subscriptionPayments(created.body.subscriptionId);
    // The amount fixed when the subscription was created, not the new price.
    expect(row).toMatchObject({ status: 'succeeded', amountInCents: created.body.amountDueInCents });
    // New subscribers get a new Price at the new amount; this one keeps theirs.
    expect(billing.itemOf(created.body.subscriptionId).price.unit_amount).toBe(4999);
  });
});

describe('renewals', () => {
  it('a month later records a second payment and moves currentPeriodEnd', async () => {
    const student = await createStudent();
    const { created, customer } = await billing.memberThroughWebhook(student, billing.Silver);
    const firstEnd = billing.itemOf(created.subscriptionId).current_period_end;

    billing.stripe.advanceClock(firstEnd + 3600);
    const statuses = await billing.deliverInOrder(billing.eventsOf(customer));
    expect(statuses.every((status) => status === 200)).toBe(true);

    const rows = await billing.subscriptionPayments(created.subscriptionId);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.status === 'succeeded')).toBe(true);
    const nextEnd = billing.itemOf(created.subscriptionId).current_period_end;
    expect(new Date(nextEnd * 1000).getUTCDate()).toBe(15);
    const state = await billing.storedMembership(student.uid);
    expect(state.membership.currentPeriodEnd.toDate().toISOString()).toBe(iso(nextEnd));
    expect(nextEnd).toBeGreaterThan(firstEnd + 27 * day);
    expect(state.membership.status).toBe('active');

    // The renewal is told once, naming the day it now runs until; the first payment is not told.
    const notices = await notificationsOf(student.uid);
    const renewal = rows.find((row) => `membership-renewed-${row.invoiceId}` === notices[0]?.id);
    expect(notices).toHaveLength(1);
    expect(renewal).toBeDefined();
    expect(notices[0]).toMatchObject({
      kind: 'membership-renewed',
      title: 'Membership renewed',
      link: '/dashboard/payment-history',
      readAt: null,
    });
    const paidUntil = new Date(nextEnd * 1000).toLocaleDateString('en-US', {
      dateStyle: 'medium',
      timeZone: defaultHostelTimeZone,
    });
    expect(notices[0]?.body).toBe(`Your Silver membership is paid until ${paidUntil}.`);
  });

  it('a failed renewal is past_due: rights during the grace period, none after it', async () => {
    async function failedRenewal(periodEndedDaysAgo: number) {
      const student = await createStudent();
      const { created, customer } = await billing.memberThroughWebhook(student, billing.Gold);
      // Stripe's clock: the paid period ended some days ago and the saved card is now declined.
      const periodEnd = nowSeconds() - periodEndedDaysAgo * day;
      billing.itemOf(created.subscriptionId).current_period_end = periodEnd;
      billing.stripe.declineCardsOf(customer);
      billing.stripe.advanceClock(nowSeconds());
      const events = billing.eventsOf(customer);
      expect(events.map((event) => event.type)).toContain('invoice.payment_failed');
      expect((await billing.deliverInOrder(events)).every((status) => status === 200)).toBe(true);
      const state = await billing.storedMembership(student.uid);
      expect(state.membership).toMatchObject({ status: 'past_due', subscriptionId: created.subscriptionId });
      // Paid until the renewal that failed, not Stripe's new period.
      expect(state.membership.currentPeriodEnd.toDate().toISOString()).toBe(iso(periodEnd));
      // Told once, however often Stripe reports it.
      await billing.deliverInOrder(events);
      const notices = await notificationsOf(student.uid);
      expect(notices.map((notice) => notice.kind)).toEqual(['membership-renewal-failed']);
      expect(notices[0]?.body).toBe(
        'The payment for your Gold membership did not go through. Its benefits stay for 3 days while the payment is tried again.',
      );
      const profile = await call('user', { token: student.token });
      return { student, created, request: await billing.requestStatus(student.token), profile: profile.body };
    }

    const inGrace = await failedRenewal(1);
    expect(inGrace.request).toBe(201);
    expect(inGrace.profile).toMatchObject({ badge: 'Gold', membership: { status: 'past_due' } });

    const afterGrace = await failedRenewal(3.1);
    expect(afterGrace.request).toBe(402);
    expect(afterGrace.profile).toMatchObject({ badge: 'Bronze', membership: { status: 'expired' } });

    // Subscribing again ends the lapsed subscription first: its renewal can no longer be retried.
    const again = await call('subscribe', { token: afterGrace.student.token, body: { packageId: billing.Gold.id } });
    expect(again.status).toBe(201);
    expect(billing.subscriptionOf(afterGrace.created.subscriptionId).status).toBe('canceled');
  });
});
