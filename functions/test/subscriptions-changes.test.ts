// Memberships as Stripe subscriptions: cancelling, resuming and changing plan, and the
// proration date a plan change is billed from (fake Stripe, its clock standing in for time).
import { describe, expect, it } from 'vitest';
import { defaultHostelTimeZone } from '@hostelhub/contracts';
import { signProrationToken } from '../src/features/payments/proration-token.js';
import { call } from './support/emulators.js';
import { notificationsOf } from './support/notifications.js';
import { createPackage, createStudent, type TestPackage } from './support/payments.js';
import { billingAtThePresent, day, iso, nowSeconds } from './support/subscriptions.js';
const billing = billingAtThePresent({ Silver: 19.99, Gold: 29.99 });

describe('cancel, resume and change plan', () => {
  it('cancel at period end keeps rights until the end and not after; resume takes it back before', async () => {
    const student = await createStudent();
    const created = await billing.subscribeAndPay(student, billing.Gold);
    await billing.syncAfterPaying(student, created.subscriptionId);

    const canceled = await call('cancelSubscription', { token: student.token });
    expect(canceled.status).toBe(200);
    expect(canceled.body.membership).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(billing.subscriptionOf(created.subscriptionId).cancel_at_period_end).toBe(true);
    expect(await billing.requestStatus(student.token)).toBe(201);

    const endsOn = new Date(billing.itemOf(created.subscriptionId).current_period_end * 1000).toLocaleDateString(
      'en-US',
      {
        dateStyle: 'medium',
        timeZone: defaultHostelTimeZone,
      },
    );
    const endingNotices = async () =>
      (await notificationsOf(student.uid)).filter((notice) => notice.kind === 'membership-ends-soon');
    expect(await endingNotices()).toMatchObject([
      { body: `Your Gold membership ends on ${endsOn} and will not renew.`, link: '/dashboard/my-profile' },
    ]);

    const resumed = await call('resumeSubscription', { token: student.token });
    expect(resumed.body.membership).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(billing.subscriptionOf(created.subscriptionId).cancel_at_period_end).toBe(false);

    await call('cancelSubscription', { token: student.token });
    // Canceling again for the same end says nothing new.
    expect(await endingNotices()).toHaveLength(1);
    // The period ends (an hour ago, on Stripe's clock): Stripe ends the subscription.
    const customer = await billing.customerOf(student.uid);
    billing.stripe.takeEvents();
    billing.itemOf(created.subscriptionId).current_period_end = nowSeconds() - 3600;
    billing.stripe.advanceClock(nowSeconds());
    const events = billing.eventsOf(customer);
    expect(events.map((event) => event.type)).toEqual(['customer.subscription.deleted']);
    await billing.deliverInOrder(events);
    const state = await billing.storedMembership(student.uid);
    expect(state.membership).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    expect(state.badge).toBe('Bronze');
    expect(await billing.requestStatus(student.token)).toBe(402);
    // Nothing to resume once it has ended.
    expect((await call('resumeSubscription', { token: student.token })).status).toBe(409);
  });

  it('upgrades mid-period: the prorated price is shown first, charged on confirming, and the plan changes', async () => {
    const student = await createStudent();
    const created = await billing.subscribeAndPay(student, billing.Silver);
    await billing.syncAfterPaying(student, created.subscriptionId);
    const customer = await billing.customerOf(student.uid);
    billing.stripe.takeEvents();

    const same = await call('previewPlanChange', { query: { packageId: billing.Silver.id }, token: student.token });
    expect(same.status).toBe(409);
    const preview = await call('previewPlanChange', { query: { packageId: billing.Gold.id }, token: student.token });
    expect(preview.status).toBe(200);
    const item = billing.itemOf(created.subscriptionId);
    const left = item.current_period_end - preview.body.prorationDate;
    const expectedSubtotal = Math.round(((2999 - 1999) * left) / (item.current_period_end - item.current_period_start));
    expect(preview.body).toMatchObject({
      packageId: billing.Gold.id,
      packageName: 'Gold',
      price: 29.99,
      prorationInCents: expectedSubtotal + Math.round(expectedSubtotal * 0.05),
      currentPeriodEnd: iso(item.current_period_end),
    });

    const changed = await call('changePlan', {
      token: student.token,
      body: {
        packageId: billing.Gold.id,
        prorationDate: preview.body.prorationDate,
        prorationToken: preview.body.prorationToken,
      },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      badge: 'Gold',
      membership: { packageId: billing.Gold.id, packageName: 'Gold' },
    });
    expect((await billing.deliverInOrder(billing.eventsOf(customer))).every((status) => status === 200)).toBe(true);
    const upgradeRow = (await billing.subscriptionPayments(created.subscriptionId)).find(
      (row) => row.amountInCents === preview.body.prorationInCents,
    );
    expect(upgradeRow).toMatchObject({ status: 'succeeded', packageName: 'Gold' });
  });
});

describe('the proration date of a plan change', () => {
  const priceIdOf = (pack: TestPackage) =>
    [...billing.stripe.prices.values()].find(
      (price) => price.lookup_key === `hostelhub_${pack.id}_${Math.round(pack.price * 100)}_usd_month`,
    )!.id as string;
  /** The requests that would change the subscription at Stripe. */
  const updatesOf = (subscriptionId: string) =>
    billing.stripe.requests.filter((request) => request === `POST /v1/subscriptions/${subscriptionId}`).length;

  /** A member of `pack` for 20 days of a period that ends in 10 days, and a preview of `target`. */
  async function memberWithPreview(pack: TestPackage, target: TestPackage) {
    const student = await createStudent();
    const created = await billing.subscribeAndPay(student, pack);
    await billing.syncAfterPaying(student, created.subscriptionId);
    const item = billing.itemOf(created.subscriptionId);
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
    const [from, to] = direction === 'up' ? [billing.Silver, billing.Gold] : [billing.Gold, billing.Silver];
    const { student, subscriptionId, item, preview } = await memberWithPreview(from, to);
    const prorationDate = attackDate(item);
    const change = (body: object) => call('changePlan', { token: student.token, untypedBody: body });
    const updatesBefore = updatesOf(subscriptionId);
    billing.stripe.takeEvents();

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
    expect(billing.itemOf(subscriptionId).price.metadata.packageId).toBe(from.id);
    expect(billing.stripe.takeEvents()).toEqual([]);
    expect((await billing.storedMembership(student.uid)).membership.packageId).toBe(from.id);
  });

  it('refuses a missing, forged, stale, future or another member’s token, and charges an honest change what the preview showed', async () => {
    const { student, subscriptionId, item, preview } = await memberWithPreview(billing.Silver, billing.Gold);
    const other = await memberWithPreview(billing.Silver, billing.Gold);
    const change = (body: object) => call('changePlan', { token: student.token, untypedBody: body });
    const signedAt = (prorationDate: number) =>
      signProrationToken({
        uid: student.uid,
        subscriptionId,
        packageId: billing.Gold.id,
        priceId: priceIdOf(billing.Gold),
        prorationDate,
      });
    const updatesBefore = updatesOf(subscriptionId);

    const missing = await change({ packageId: billing.Gold.id, prorationDate: preview.prorationDate });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/prorationToken/);
    const platinum = await createPackage('Platinum', 49.99);
    const refusals = [
      await change({ packageId: billing.Gold.id, prorationDate: preview.prorationDate, prorationToken: 'made-up' }),
      // Six minutes old, or two minutes ahead, though signed with the server's key.
      await change({
        packageId: billing.Gold.id,
        prorationDate: nowSeconds() - 360,
        prorationToken: signedAt(nowSeconds() - 360),
      }),
      await change({
        packageId: billing.Gold.id,
        prorationDate: nowSeconds() + 120,
        prorationToken: signedAt(nowSeconds() + 120),
      }),
      // Another member's preview, for their subscription.
      await change({
        packageId: billing.Gold.id,
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
    billing.stripe.takeEvents();
    const changed = await change({
      packageId: billing.Gold.id,
      prorationDate: preview.prorationDate,
      prorationToken: preview.prorationToken,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ badge: 'Gold', membership: { packageId: billing.Gold.id } });
    const left = item.current_period_end - preview.prorationDate;
    const subtotal = Math.round(((2999 - 1999) * left) / (item.current_period_end - item.current_period_start));
    expect(preview.prorationInCents).toBe(subtotal + Math.round(subtotal * 0.05));
    const upgradeInvoice = billing.stripe.invoices.get(billing.subscriptionOf(subscriptionId).latest_invoice)!;
    expect(upgradeInvoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    expect(upgradeInvoice.amount_paid).toBe(preview.prorationInCents);
    // About a third of the month's difference (10 of 30 days left), not $0 and not a month.
    expect(upgradeInvoice.amount_paid).toBeGreaterThan(300);
    expect(upgradeInvoice.amount_paid).toBeLessThan(400);
  });
});
