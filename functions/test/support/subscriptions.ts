// Helpers for the subscription scenarios: subscribing as the page does, and delivering the
// events the fake Stripe queued to the webhook, in order or not.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { call, db, type TestUser } from './emulators.js';
import { seedMeal, uniqueWord } from './meals.js';
import { startFakeStripe, type FakeEvent, type FakeStripe } from './fake-stripe.js';
import { createPackage, deliverLikeStripe, stripeEvent, type TestPackage } from './payments.js';

export const day = 86_400;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The fake Stripe for a file's scenarios, and a package of each name given, at its price. */
export async function startBilling<Name extends TestPackage['name']>(prices: Partial<Record<Name, number>>) {
  const packages = {} as Record<Name, TestPackage>;
  for (const [name, price] of Object.entries(prices) as [Name, number][]) {
    packages[name] = await createPackage(name, price);
  }
  return { stripe: await startFakeStripe(), ...packages };
}

/**
 * The fake Stripe and a package of each name given (startBilling) for a file's scenarios:
 * started before its tests and closed after them. Its fields are there from the first test on.
 */
export function billingForTests<Name extends TestPackage['name']>(prices: Partial<Record<Name, number>>) {
  const billing = {} as Awaited<ReturnType<typeof startBilling<Name>>>;
  beforeAll(async () => {
    Object.assign(billing, await startBilling(prices));
  });
  afterAll(() => billing.stripe?.close());
  return billing;
}

/**
 * billingForTests for scenarios that move Stripe's clock: each test starts again at the
 * present with no events waiting (startAtThePresent), whatever the one before did.
 */
export function billingAtThePresent<Name extends TestPackage['name']>(prices: Partial<Record<Name, number>>) {
  const billing = billingForTests(prices);
  beforeEach(() => startAtThePresent(billing.stripe));
  // What a scenario does with its Stripe, bound to it, beside the reads of what the API stored.
  return Object.assign(billing, {
    subscribeAndPay: (student: TestUser, pack: TestPackage, card?: 'ok' | 'declined') =>
      subscribeAndPay(billing.stripe, student, pack, card),
    memberThroughWebhook: (student: TestUser, pack: TestPackage) => memberThroughWebhook(billing.stripe, student, pack),
    subscriptionOf: (id: string) => subscriptionOf(billing.stripe, id),
    itemOf: (id: string) => itemOf(billing.stripe, id),
    eventsOf: (customerId: string) => eventsOf(billing.stripe, customerId),
    customerOf,
    deliverInOrder,
    deliverTwiceConcurrentlyReversed,
    requestStatus,
    storedMembership,
    subscriptionPayments,
    syncAfterPaying,
  });
}

/**
 * A subscription to `pack` whose first invoice the member has paid at Stripe, and the
 * invoice.paid event Stripe would post for it (not delivered yet).
 */
export async function paidFirstInvoiceFor(stripe: FakeStripe, student: TestUser, pack: TestPackage) {
  const created = await subscribeAndPay(stripe, student, pack);
  const invoice = stripe.invoices.get(stripe.subscriptions.get(created.subscriptionId)!.latest_invoice)!;
  expect(invoice.status).toBe('paid');
  return { created, invoice, payload: stripeEvent('invoice.paid', invoice) };
}

/** Whether the user may request a meal now (201) or needs a membership (402). */
export async function requestStatus(token: string) {
  const mealId = await seedMeal({ title: `Subscribed ${uniqueWord()}` });
  return (await call('requestMeal', { token, body: { mealId } })).status;
}

/** The fake Stripe's subscription, and its one item. */
export const subscriptionOf = (stripe: FakeStripe, id: string) => stripe.subscriptions.get(id)!;
export const itemOf = (stripe: FakeStripe, id: string) => subscriptionOf(stripe, id).items.data[0];

/** A scenario starts at the real present with no events waiting; some move Stripe's clock on. */
export function startAtThePresent(stripe: FakeStripe) {
  stripe.setClock(nowSeconds());
  stripe.takeEvents();
}

/** POST /subscriptions, then the card confirmed as Stripe.js confirms it; answers the API's body. */
export async function subscribeAndPay(
  stripe: FakeStripe,
  student: TestUser,
  pack: TestPackage,
  card: 'ok' | 'declined' = 'ok',
) {
  const created = await call('subscribe', { token: student.token, body: { packageId: pack.id } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const paymentIntentId = String(created.body.clientSecret).split('_secret_')[0] ?? '';
  stripe.confirm(paymentIntentId, card);
  return created.body as {
    subscriptionId: string;
    clientSecret: string;
    amountDueInCents: number;
    currentPeriodEnd: string;
  };
}

/**
 * A member by way of the webhook: subscribed and paid at Stripe, and every event Stripe
 * queued about the customer delivered in order. Answers the API's body and the customer.
 */
export async function memberThroughWebhook(stripe: FakeStripe, student: TestUser, pack: TestPackage) {
  const created = await subscribeAndPay(stripe, student, pack);
  const customer = await customerOf(student.uid);
  await deliverInOrder(eventsOf(stripe, customer));
  return { created, customer };
}

/** The page's report after paying: the membership mirrored from Stripe at once. */
export const syncAfterPaying = (student: TestUser, subscriptionId: string) =>
  call('syncSubscription', { params: { id: subscriptionId }, token: student.token });

/** The customer (stored on the user) whose events a test looks at. */
export async function customerOf(uid: string): Promise<string> {
  return String((await db.doc(`users/${uid}`).get()).get('stripeCustomerId'));
}

/** The queued events about one customer (other tests' subscriptions renew on the same clock). */
export function eventsOf(stripe: FakeStripe, customerId: string): FakeEvent[] {
  const chargesOfCustomer = new Set(
    [...stripe.charges.values()].filter((c) => c.customer === customerId).map((c) => c.id),
  );
  return stripe
    .takeEvents()
    .filter((event) => event.object.customer === customerId || chargesOfCustomer.has(event.object.charge));
}

/** Delivers events one after the other, each until acknowledged; answers their statuses. */
export async function deliverInOrder(events: FakeEvent[]) {
  const statuses: number[] = [];
  for (const event of events) statuses.push((await deliverLikeStripe(stripeEvent(event.type, event.object))).status);
  return statuses;
}

/** Delivers every event twice, all at once, in reverse order of their happening. */
export async function deliverTwiceConcurrentlyReversed(events: FakeEvent[]) {
  const payloads = [...events].reverse().map((event) => stripeEvent(event.type, event.object));
  const results = await Promise.all([...payloads, ...payloads].map((payload) => deliverLikeStripe(payload)));
  return results.map((result) => result.status);
}

/** The user's membership and badge as stored. */
export async function storedMembership(uid: string) {
  const data = (await db.doc(`users/${uid}`).get()).data() ?? {};
  return { badge: data.badge, membership: data.membership ?? null };
}

export async function subscriptionPayments(subscriptionId: string) {
  const rows = await db.collection('payments').where('subscriptionId', '==', subscriptionId).get();
  return rows.docs.map((doc) => ({ id: doc.id, ...doc.data() })) as Array<Record<string, any>>;
}

/** A Stripe time (seconds) as the ISO string the API answers with. */
export const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
