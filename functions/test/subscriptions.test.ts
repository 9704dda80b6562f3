// Memberships as Stripe subscriptions, end to end through the API and the webhook, with the
// fake Stripe's clock standing in for time passing at Stripe (a test clock).
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultHostelTimeZone, emailNotVerifiedMessage } from '@hostelhub/contracts';
import { signProrationToken } from '../src/features/payments/proration-token.js';
import { call, db, markEmailVerified } from './support/emulators.js';
import type { FakeStripe } from './support/fake-stripe.js';
import { seedMeal, uniqueWord } from './support/meals.js';
import { notificationKindsOf, notificationsOf } from './support/notifications.js';
import { createPackage, createStudent, deliverEvent, stripeEvent, type TestPackage } from './support/payments.js';
import {
  customerOf,
  day,
  deliverInOrder,
  deliverTwiceConcurrentlyReversed,
  eventsOf,
  iso,
  nowSeconds,
  startAtThePresent,
  startBilling,
  storedMembership,
  subscribeAndPay,
  subscriptionPayments,
  syncAfterPaying,
} from './support/subscriptions.js';

let stripe: FakeStripe;
let silver: TestPackage;
let gold: TestPackage;

beforeAll(async () => {
  ({ stripe, Silver: silver, Gold: gold } = await startBilling({ Silver: 19.99, Gold: 29.99 }));
});
afterAll(() => stripe?.close());
beforeEach(() => startAtThePresent(stripe));

/** Whether the user may request a meal now (201) or needs a membership (402). */
async function requestStatus(token: string) {
  const mealId = await seedMeal({ title: `Subscribed ${uniqueWord()}` });
  return (await call('requestMeal', { token, body: { mealId } })).status;
}

const subscriptionOf = (id: string) => stripe.subscriptions.get(id)!;
const itemOf = (id: string) => subscriptionOf(id).items.data[0];

describe('subscribing', () => {
  it('creates a monthly subscription on the 15th for the caller’s one Customer, and the paid first invoice makes a member', async () => {
    const student = await createStudent();
    const created = await subscribeAndPay(stripe, student, gold);

    const subscription = subscriptionOf(created.subscriptionId);
    expect(subscription).toMatchObject({
      payment_behavior: 'default_incomplete',
      billing_cycle_anchor_config: { day_of_month: 15 },
      metadata: { uid: student.uid, packageId: gold.id },
    });
    // The catalogue: a monthly USD Price of the package's price, and 5% VAT on top.
    expect(itemOf(created.subscriptionId).price).toMatchObject({
      unit_amount: 2999,
      currency: 'usd',
      recurring: { interval: 'month' },
      tax_behavior: 'exclusive',
      lookup_key: `hostelhub_${gold.id}_2999_usd_month`,
    });
    expect(subscription.default_tax_rates).toEqual([expect.objectContaining({ percentage: 5, inclusive: false })]);
    // The first period runs to the next 15th, charged in proportion, VAT included.
    const periodEnd = new Date(created.currentPeriodEnd);
    expect(periodEnd.getUTCDate()).toBe(15);
    expect(periodEnd.getTime()).toBeGreaterThan(Date.now());
    const invoice = stripe.invoices.get(subscription.latest_invoice)!;
    expect(created.amountDueInCents).toBe(invoice.amount_due);
    expect(invoice.amount_due).toBe(invoice.subtotal + Math.round(invoice.subtotal * 0.05));

    const customer = await customerOf(student.uid);
    expect(subscription.customer).toBe(customer);
    expect(stripe.customers.get(customer)?.metadata).toEqual({ uid: student.uid });

    const synced = await syncAfterPaying(student, created.subscriptionId);
    expect(synced.status).toBe(200);
    expect(synced.body).toEqual({
      badge: 'Gold',
      membership: {
        packageId: gold.id,
        packageName: 'Gold',
        status: 'active',
        currentPeriodEnd: created.currentPeriodEnd,
        cancelAtPeriodEnd: false,
        subscriptionId: created.subscriptionId,
      },
    });
    expect(await requestStatus(student.token)).toBe(201);
    // The page's report recorded the paid first invoice already.
    expect((await subscriptionPayments(created.subscriptionId)).map((row) => row.id)).toEqual([invoice.id]);

    // The webhook's invoice.paid records the same payment, once per invoice.
    const statuses = await deliverInOrder(eventsOf(stripe, customer));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const rows = await subscriptionPayments(created.subscriptionId);
    expect(rows).toEqual([
      expect.objectContaining({
        id: invoice.id,
        uid: student.uid,
        email: student.email,
        packageName: 'Gold',
        amountInCents: invoice.amount_due,
        status: 'succeeded',
        transactionId: invoice.id,
      }),
    ]);
    const history = await call('paymentHistory', { token: student.token });
    expect(history.body.items.map((row: { _id: string }) => row._id)).toEqual([invoice.id]);
  });

  it('tells at the checkout what the first invoice then charges today, and the monthly charge after it', async () => {
    const student = await createStudent();
    const before = nowSeconds();
    stripe.setClock(before);
    const shown = await call('package', { params: { id: gold.id } });
    expect(shown.status).toBe(200);
    const { firstPayment } = shown.body as {
      firstPayment: { dueTodayInCents: number; monthlyInCents: number; renewsAt: string };
    };
    expect(firstPayment.monthlyInCents).toBe(3149); // 29.99 + 5% VAT
    const created = await subscribeAndPay(stripe, student, gold);
    // The same rule as Stripe's invoice; the seconds between the two asks may move a cent.
    expect(Math.abs(created.amountDueInCents - firstPayment.dueTodayInCents)).toBeLessThanOrEqual(1);
    expect(Math.abs(Date.parse(created.currentPeriodEnd) - Date.parse(firstPayment.renewsAt))).toBeLessThan(
      (nowSeconds() - before + 2) * 1000,
    );
  });

  it('refuses the same package while it is active, and a second subscription beside a live one', async () => {
    const student = await createStudent();
    const created = await subscribeAndPay(stripe, student, gold);
    await syncAfterPaying(student, created.subscriptionId);
    const same = await call('subscribe', { token: student.token, body: { packageId: gold.id } });
    expect(same.status).toBe(409);
    expect(same.body.message).toBe('You already purchased this package');
    const other = await call('subscribe', { token: student.token, body: { packageId: silver.id } });
    expect(other.status).toBe(409);
    expect(other.body.message).toMatch(/change your plan/);
  });

  it('gives a double-click one subscription and keeps one Customer per user', async () => {
    const student = await createStudent();
    const clicks = await Promise.all(
      [1, 2].map(() => call('subscribe', { token: student.token, body: { packageId: silver.id } })),
    );
    expect(clicks.map((click) => click.status)).toEqual([201, 201]);
    expect(clicks[1]?.body.subscriptionId).toBe(clicks[0]?.body.subscriptionId);
    const customers = [...stripe.customers.values()].filter((customer) => customer.metadata.uid === student.uid);
    expect(customers).toHaveLength(1);
    expect(await customerOf(student.uid)).toBe(customers[0]?.id);
  });

  it('pays the same subscription on a second try after a declined card', async () => {
    const student = await createStudent();
    const declined = await subscribeAndPay(stripe, student, silver, 'declined');
    expect(subscriptionOf(declined.subscriptionId).status).toBe('incomplete');
    expect((await syncAfterPaying(student, declined.subscriptionId)).body.membership).toBeNull();
    const retried = await subscribeAndPay(stripe, student, silver);
    expect(retried.subscriptionId).toBe(declined.subscriptionId);
    expect(retried.clientSecret).toBe(declined.clientSecret);
    const synced = await syncAfterPaying(student, retried.subscriptionId);
    expect(synced.body).toMatchObject({ badge: 'Silver', membership: { status: 'active' } });
    const mine = [...stripe.subscriptions.values()].filter((entry) => entry.metadata.uid === student.uid);
    expect(mine).toHaveLength(1);
  });

  it('refuses a bad body, an unknown package, another user’s subscription and an unpaid one', async () => {
    const student = await createStudent();
    const other = await createStudent();
    expect(
      (await call('subscribe', { token: student.token, untypedBody: { packageId: gold.id, price: 1 } })).status,
    ).toBe(400);
    expect((await call('subscribe', { token: student.token, body: { packageId: 'nope' } })).status).toBe(404);
    expect((await call('subscribe', { body: { packageId: gold.id } })).status).toBe(401);
    const created = await call('subscribe', { token: student.token, body: { packageId: gold.id } });
    expect((await syncAfterPaying(other, created.body.subscriptionId)).status).toBe(403);
    expect((await call('syncSubscription', { params: { id: 'not-a-sub' }, token: student.token })).status).toBe(400);
    // Not paid yet: no membership.
    const unpaid = await syncAfterPaying(student, created.body.subscriptionId);
    expect(unpaid.body).toEqual({ membership: null, badge: 'Bronze' });
    expect(await requestStatus(student.token)).toBe(402);
  });

  it('checks a synced subscription is the caller’s own in Firestore before asking Stripe', async () => {
    const owner = await createStudent();
    const other = await createStudent();
    const created = await call('subscribe', { token: owner.token, body: { packageId: gold.id } });
    expect(created.status).toBe(201);
    const stripeCallsBefore = stripe.requests.length;
    const foreign = await syncAfterPaying(other, created.body.subscriptionId);
    const unknown = await call('syncSubscription', { params: { id: 'sub_nobodyhasthisone' }, token: other.token });
    expect([foreign.status, unknown.status]).toEqual([403, 403]);
    expect(foreign.body).toEqual({ message: 'This subscription is not yours' });
    expect(unknown.body).toEqual(foreign.body);
    // Refused from the caller's own document: Stripe was not asked at all.
    expect(stripe.requests.slice(stripeCallsBefore)).toEqual([]);
    // The owner's own sync still reaches Stripe.
    expect((await syncAfterPaying(owner, created.body.subscriptionId)).status).toBe(200);
    expect(stripe.requests.length).toBeGreaterThan(stripeCallsBefore);
  });

  it('refuses a subscription to an account whose email is not verified, until it is', async () => {
    const student = await createStudent('Unverified Student', { emailVerified: false });
    const subscribing = await call('subscribe', { token: student.token, body: { packageId: gold.id } });
    expect(subscribing.status).toBe(403);
    expect(subscribing.body).toEqual({ message: emailNotVerifiedMessage });
    // Nothing was made at Stripe for it.
    expect([...stripe.customers.values()].filter((customer) => customer.metadata.uid === student.uid)).toEqual([]);

    // Verified (the link followed): the same API token may subscribe, checked at the moment of use.
    await markEmailVerified(student.uid);
    const verified = await call('subscribe', { token: student.token, body: { packageId: gold.id } });
    expect(verified.status).toBe(201);
  });

  it('does not refuse a card already charged when the package price changed during checkout', async () => {
    const student = await createStudent();
    const pack = await createPackage('Platinum', 49.99);
    const created = await call('subscribe', { token: student.token, body: { packageId: pack.id } });
    // An admin changes the price while the student types their card number.
    await db.doc(`packages/${pack.id}`).update({ price: 59.99 });
    stripe.confirm(String(created.body.clientSecret).split('_secret_')[0] ?? '');
    const customer = await customerOf(student.uid);
    const statuses = await deliverInOrder(eventsOf(stripe, customer));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const state = await storedMembership(student.uid);
    expect(state.badge).toBe('Platinum');
    expect(state.membership).toMatchObject({ packageId: pack.id, status: 'active' });
    const [row] = await subscriptionPayments(created.body.subscriptionId);
    // The amount fixed when the subscription was created, not the new price.
    expect(row).toMatchObject({ status: 'succeeded', amountInCents: created.body.amountDueInCents });
    // New subscribers get a new Price at the new amount; this one keeps theirs.
    expect(itemOf(created.body.subscriptionId).price.unit_amount).toBe(4999);
  });
});

describe('renewals', () => {
  it('a month later records a second payment and moves currentPeriodEnd', async () => {
    const student = await createStudent();
    const created = await subscribeAndPay(stripe, student, silver);
    const customer = await customerOf(student.uid);
    await deliverInOrder(eventsOf(stripe, customer));
    const firstEnd = itemOf(created.subscriptionId).current_period_end;

    stripe.advanceClock(firstEnd + 3600);
    const statuses = await deliverInOrder(eventsOf(stripe, customer));
    expect(statuses.every((status) => status === 200)).toBe(true);

    const rows = await subscriptionPayments(created.subscriptionId);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.status === 'succeeded')).toBe(true);
    const nextEnd = itemOf(created.subscriptionId).current_period_end;
    expect(new Date(nextEnd * 1000).getUTCDate()).toBe(15);
    const state = await storedMembership(student.uid);
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
      const created = await subscribeAndPay(stripe, student, gold);
      const customer = await customerOf(student.uid);
      await deliverInOrder(eventsOf(stripe, customer));
      // Stripe's clock: the paid period ended some days ago and the saved card is now declined.
      const periodEnd = nowSeconds() - periodEndedDaysAgo * day;
      itemOf(created.subscriptionId).current_period_end = periodEnd;
      stripe.declineCardsOf(customer);
      stripe.advanceClock(nowSeconds());
      const events = eventsOf(stripe, customer);
      expect(events.map((event) => event.type)).toContain('invoice.payment_failed');
      expect((await deliverInOrder(events)).every((status) => status === 200)).toBe(true);
      const state = await storedMembership(student.uid);
      expect(state.membership).toMatchObject({ status: 'past_due', subscriptionId: created.subscriptionId });
      // Paid until the renewal that failed, not Stripe's new period.
      expect(state.membership.currentPeriodEnd.toDate().toISOString()).toBe(iso(periodEnd));
      // Told once, however often Stripe reports it.
      await deliverInOrder(events);
      const notices = await notificationsOf(student.uid);
      expect(notices.map((notice) => notice.kind)).toEqual(['membership-renewal-failed']);
      expect(notices[0]?.body).toBe(
        'The payment for your Gold membership did not go through. Its benefits stay for 3 days while the payment is tried again.',
      );
      const profile = await call('user', { token: student.token });
      return { student, created, request: await requestStatus(student.token), profile: profile.body };
    }

    const inGrace = await failedRenewal(1);
    expect(inGrace.request).toBe(201);
    expect(inGrace.profile).toMatchObject({ badge: 'Gold', membership: { status: 'past_due' } });

    const afterGrace = await failedRenewal(3.1);
    expect(afterGrace.request).toBe(402);
    expect(afterGrace.profile).toMatchObject({ badge: 'Bronze', membership: { status: 'expired' } });

    // Subscribing again ends the lapsed subscription first: its renewal can no longer be retried.
    const again = await call('subscribe', { token: afterGrace.student.token, body: { packageId: gold.id } });
    expect(again.status).toBe(201);
    expect(subscriptionOf(afterGrace.created.subscriptionId).status).toBe('canceled');
  });
});

describe('cancel, resume and change plan', () => {
  it('cancel at period end keeps rights until the end and not after; resume takes it back before', async () => {
    const student = await createStudent();
    const created = await subscribeAndPay(stripe, student, gold);
    await syncAfterPaying(student, created.subscriptionId);

    const canceled = await call('cancelSubscription', { token: student.token });
    expect(canceled.status).toBe(200);
    expect(canceled.body.membership).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(subscriptionOf(created.subscriptionId).cancel_at_period_end).toBe(true);
    expect(await requestStatus(student.token)).toBe(201);

    const endsOn = new Date(itemOf(created.subscriptionId).current_period_end * 1000).toLocaleDateString('en-US', {
      dateStyle: 'medium',
      timeZone: defaultHostelTimeZone,
    });
    const endingNotices = async () =>
      (await notificationsOf(student.uid)).filter((notice) => notice.kind === 'membership-ends-soon');
    expect(await endingNotices()).toMatchObject([
      { body: `Your Gold membership ends on ${endsOn} and will not renew.`, link: '/dashboard/my-profile' },
    ]);

    const resumed = await call('resumeSubscription', { token: student.token });
    expect(resumed.body.membership).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(subscriptionOf(created.subscriptionId).cancel_at_period_end).toBe(false);

    await call('cancelSubscription', { token: student.token });
    // Canceling again for the same end says nothing new.
    expect(await endingNotices()).toHaveLength(1);
    // The period ends (an hour ago, on Stripe's clock): Stripe ends the subscription.
    const customer = await customerOf(student.uid);
    stripe.takeEvents();
    itemOf(created.subscriptionId).current_period_end = nowSeconds() - 3600;
    stripe.advanceClock(nowSeconds());
    const events = eventsOf(stripe, customer);
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    await deliverInOrder(events);
    const state = await storedMembership(student.uid);
    expect(state.membership).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    expect(state.badge).toBe('Bronze');
    expect(await requestStatus(student.token)).toBe(402);
    // Nothing to resume once it has ended.
    expect((await call('resumeSubscription', { token: student.token })).status).toBe(409);
  });

  it('upgrades mid-period: the prorated price is shown first, charged on confirming, and the plan changes', async () => {
    const student = await createStudent();
    const created = await subscribeAndPay(stripe, student, silver);
    await syncAfterPaying(student, created.subscriptionId);
    const customer = await customerOf(student.uid);
    stripe.takeEvents();

    const same = await call('previewPlanChange', { query: { packageId: silver.id }, token: student.token });
    expect(same.status).toBe(409);
    const preview = await call('previewPlanChange', { query: { packageId: gold.id }, token: student.token });
    expect(preview.status).toBe(200);
    const item = itemOf(created.subscriptionId);
    const left = item.current_period_end - preview.body.prorationDate;
    const expectedSubtotal = Math.round(((2999 - 1999) * left) / (item.current_period_end - item.current_period_start));
    expect(preview.body).toMatchObject({
      packageId: gold.id,
      packageName: 'Gold',
      price: 29.99,
      prorationInCents: expectedSubtotal + Math.round(expectedSubtotal * 0.05),
      currentPeriodEnd: iso(item.current_period_end),
    });

    const changed = await call('changePlan', {
      token: student.token,
      body: {
        packageId: gold.id,
        prorationDate: preview.body.prorationDate,
        prorationToken: preview.body.prorationToken,
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ badge: 'Gold', membership: { packageId: gold.id, packageName: 'Gold' } });
    expect((await deliverInOrder(eventsOf(stripe, customer))).every((status) => status === 200)).toBe(true);
    const upgradeRow = (await subscriptionPayments(created.subscriptionId)).find(
      (row) => row.amountInCents === preview.body.prorationInCents,
    );
    expect(upgradeRow).toMatchObject({ status: 'succeeded', packageName: 'Gold' });
  });
});

describe('the proration date of a plan change', () => {
  const priceIdOf = (pack: TestPackage) =>
    [...stripe.prices.values()].find(
      (price) => price.lookup_key === `hostelhub_${pack.id}_${Math.round(pack.price * 100)}_usd_month`,
    )!.id as string;
  /** The requests that would change the subscription at Stripe. */
  const updatesOf = (subscriptionId: string) =>
    stripe.requests.filter((request) => request === `POST /v1/subscriptions/${subscriptionId}`).length;

  /** A member of `pack` for 20 days of a period that ends in 10 days, and a preview of `target`. */
  async function memberWithPreview(pack: TestPackage, target: TestPackage) {
    const student = await createStudent();
    const created = await subscribeAndPay(stripe, student, pack);
    await syncAfterPaying(student, created.subscriptionId);
    const item = itemOf(created.subscriptionId);
    item.current_period_start = nowSeconds() - 20 * day;
    item.current_period_end = nowSeconds() + 10 * day;
    const preview = await call('previewPlanChange', { query: { packageId: target.id }, token: student.token });
    expect(preview.status).toBe(200);
    expect(preview.body.prorationToken).toEqual(expect.any(String));
    return { student, subscriptionId: created.subscriptionId, item, preview: preview.body };
  }

  it.each([
    [
      'an upgrade for about $0, dated a minute before the period ends',
      'up',
      (item: any) => item.current_period_end - 60,
    ],
    [
      'a downgrade credited with a whole month, dated a minute after the period began',
      'down',
      (item: any) => item.current_period_start + 60,
    ],
  ] as const)('refuses %s', async (_name, direction, attackDate) => {
    const [from, to] = direction === 'up' ? [silver, gold] : [gold, silver];
    const { student, subscriptionId, item, preview } = await memberWithPreview(from, to);
    const prorationDate = attackDate(item);
    const change = (body: object) => call('changePlan', { token: student.token, untypedBody: body });
    const updatesBefore = updatesOf(subscriptionId);
    stripe.takeEvents();

    // The preview's token with another date, and even a token the server's key signed for that date.
    const withPreviewToken = await change({ packageId: to.id, prorationDate, prorationToken: preview.prorationToken });
    const signedForIt = await change({
      packageId: to.id,
      prorationDate,
      prorationToken: signProrationToken({
        uid: student.uid,
        subscriptionId,
        packageId: to.id,
        priceId: priceIdOf(to),
        prorationDate,
      }),
    });
    for (const refused of [withPreviewToken, signedForIt]) {
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: 'The price preview is out of date: look at the price again' });
    }
    // Stripe never heard of it: same plan, no invoice, no credit.
    expect(updatesOf(subscriptionId)).toBe(updatesBefore);
    expect(itemOf(subscriptionId).price.metadata.packageId).toBe(from.id);
    expect(stripe.takeEvents()).toEqual([]);
    expect((await storedMembership(student.uid)).membership.packageId).toBe(from.id);
  });

  it('refuses a missing, forged, stale, future or another member’s token, and charges an honest change what the preview showed', async () => {
    const { student, subscriptionId, item, preview } = await memberWithPreview(silver, gold);
    const other = await memberWithPreview(silver, gold);
    const change = (body: object) => call('changePlan', { token: student.token, untypedBody: body });
    const signedAt = (prorationDate: number) =>
      signProrationToken({
        uid: student.uid,
        subscriptionId,
        packageId: gold.id,
        priceId: priceIdOf(gold),
        prorationDate,
      });
    const updatesBefore = updatesOf(subscriptionId);

    const missing = await change({ packageId: gold.id, prorationDate: preview.prorationDate });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/prorationToken/);
    const platinum = await createPackage('Platinum', 49.99);
    const refusals = [
      await change({ packageId: gold.id, prorationDate: preview.prorationDate, prorationToken: 'made-up' }),
      // Six minutes old, or two minutes ahead, though signed with the server's key.
      await change({
        packageId: gold.id,
        prorationDate: nowSeconds() - 360,
        prorationToken: signedAt(nowSeconds() - 360),
      }),
      await change({
        packageId: gold.id,
        prorationDate: nowSeconds() + 120,
        prorationToken: signedAt(nowSeconds() + 120),
      }),
      // Another member's preview, for their subscription.
      await change({
        packageId: gold.id,
        prorationDate: other.preview.prorationDate,
        prorationToken: other.preview.prorationToken,
      }),
      // The preview was for Gold, not for Platinum.
      await change({
        packageId: platinum.id,
        prorationDate: preview.prorationDate,
        prorationToken: preview.prorationToken,
      }),
    ];
    expect(refusals.map((refused) => refused.status)).toEqual([409, 409, 409, 409, 409]);
    expect(updatesOf(subscriptionId)).toBe(updatesBefore);

    // The honest change: at the preview's date, charged exactly what the preview showed.
    stripe.takeEvents();
    const changed = await change({
      packageId: gold.id,
      prorationDate: preview.prorationDate,
      prorationToken: preview.prorationToken,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ badge: 'Gold', membership: { packageId: gold.id } });
    const left = item.current_period_end - preview.prorationDate;
    const subtotal = Math.round(((2999 - 1999) * left) / (item.current_period_end - item.current_period_start));
    expect(preview.prorationInCents).toBe(subtotal + Math.round(subtotal * 0.05));
    const upgradeInvoice = stripe.invoices.get(subscriptionOf(subscriptionId).latest_invoice)!;
    expect(upgradeInvoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    expect(upgradeInvoice.amount_paid).toBe(preview.prorationInCents);
    // About a third of the month's difference (10 of 30 days left), not $0 and not a month.
    expect(upgradeInvoice.amount_paid).toBeGreaterThan(300);
    expect(upgradeInvoice.amount_paid).toBeLessThan(400);
  });
});

describe('refunds and disputes', () => {
  it.each(['refund', 'dispute'] as const)('a %s revokes the paid period and stops the subscription', async (what) => {
    const student = await createStudent();
    const created = await subscribeAndPay(stripe, student, gold);
    const customer = await customerOf(student.uid);
    await deliverInOrder(eventsOf(stripe, customer));
    expect(await requestStatus(student.token)).toBe(201);

    const invoice = stripe.invoices.get(subscriptionOf(created.subscriptionId).latest_invoice)!;
    const paymentIntent = stripe.paymentIntents.get(invoice.confirmation_secret.client_secret.split('_secret_')[0])!;
    const chargeId = (paymentIntent as unknown as { latest_charge: string }).latest_charge;
    if (what === 'refund') stripe.refund(chargeId);
    else stripe.dispute(chargeId);
    const statuses = await deliverInOrder(eventsOf(stripe, customer));
    expect(statuses.every((status) => status === 200)).toBe(true);
    // The cancellation the revocation made is delivered too: still revoked.
    await deliverInOrder(eventsOf(stripe, customer));

    expect(subscriptionOf(created.subscriptionId).status).toBe('canceled');
    const state = await storedMembership(student.uid);
    expect(state.membership).toMatchObject({ status: 'expired' });
    expect(state.badge).toBe('Bronze');
    expect(await requestStatus(student.token)).toBe(402);
    const [row] = await subscriptionPayments(created.subscriptionId);
    expect(row?.status).toBe(what === 'refund' ? 'refunded' : 'disputed');
  });
});

describe('webhook deliveries', () => {
  /** A member's month: subscribe and pay (the page syncs), renew, then cancel at period end. */
  async function aMonthOfEvents(startsAt: number) {
    // Both members subscribe at the same moment on Stripe's clock: the same prorated first invoice.
    stripe.setClock(startsAt);
    const student = await createStudent();
    const created = await subscribeAndPay(stripe, student, gold);
    await syncAfterPaying(student, created.subscriptionId);
    const customer = await customerOf(student.uid);
    stripe.advanceClock(itemOf(created.subscriptionId).current_period_end + 60);
    const canceled = await call('cancelSubscription', { token: student.token });
    expect(canceled.status).toBe(200);
    return { student, created, events: eventsOf(stripe, customer) };
  }

  const normalized = async (uid: string, subscriptionId: string) => {
    const state = await storedMembership(uid);
    const rows = await subscriptionPayments(subscriptionId);
    return {
      badge: state.badge,
      membership: {
        ...state.membership,
        subscriptionId: state.membership?.subscriptionId === subscriptionId,
        packageId: state.membership?.packageId === gold.id,
        currentPeriodEnd:
          state.membership?.currentPeriodEnd?.toDate().toISOString() === iso(itemOf(subscriptionId).current_period_end),
      },
      payments: rows.map((row) => `${row.status} ${row.amountInCents}`).sort(),
      notifications: await notificationKindsOf(uid),
    };
  };

  it('every event delivered twice, concurrently and out of order, leaves the state in-order delivery leaves', async () => {
    const startsAt = nowSeconds();
    const inOrder = await aMonthOfEvents(startsAt);
    expect((await deliverInOrder(inOrder.events)).every((status) => status === 200)).toBe(true);
    const expected = await normalized(inOrder.student.uid, inOrder.created.subscriptionId);
    expect(expected.membership).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: true });
    expect(expected.payments).toHaveLength(2);
    expect(expected.notifications).toEqual(['membership-ends-soon', 'membership-renewed']);

    const shuffled = await aMonthOfEvents(startsAt);
    const statuses = await deliverTwiceConcurrentlyReversed(shuffled.events);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await normalized(shuffled.student.uid, shuffled.created.subscriptionId)).toEqual(expected);

    // And a third time, for good measure: nothing changes.
    await deliverInOrder(shuffled.events);
    expect(await normalized(shuffled.student.uid, shuffled.created.subscriptionId)).toEqual(expected);
  }, 300_000);

  it('trusts Stripe, not the event body; ignores other types; answers 5xx while Stripe is down', async () => {
    const student = await createStudent();
    const created = await call('subscribe', { token: student.token, body: { packageId: gold.id } });
    const invoice = stripe.invoices.get(subscriptionOf(created.body.subscriptionId).latest_invoice)!;
    const forged = await deliverEvent(stripeEvent('invoice.paid', { ...invoice, status: 'paid', amount_paid: 1 }));
    expect(forged.status).toBe(200);
    expect(forged.body.refused).toMatch(/not paid/);
    expect(await subscriptionPayments(created.body.subscriptionId)).toHaveLength(0);

    const ignored = await deliverEvent(stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(ignored.body).toEqual({ received: true, ignored: 'customer.created' });
    const unknown = await deliverEvent(stripeEvent('invoice.paid', { id: 'in_unknown', object: 'invoice' }));
    expect(unknown.status).toBe(200);

    stripe.setOutage(true);
    try {
      const down = await deliverEvent(
        stripeEvent('customer.subscription.updated', { id: created.body.subscriptionId }),
      );
      expect(down.status).toBeGreaterThanOrEqual(500);
    } finally {
      stripe.setOutage(false);
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
    [...stripe.prices.values()].filter((price) => price.metadata.packageId === packageId);

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
    const vat = [...stripe.taxRates.values()].filter((rate) => rate.metadata.hostelhub === 'vat-5');
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
