// Helpers for the payment tests: students with a profile, packages, signed webhook events.
import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import Stripe from 'stripe';
import { createUser, db, markEmailVerified, type TestUser } from './emulators.js';

/** What a package costs with VAT, in cents, computed independently of the API's code. */
export const centsWithVat = (price: number) => Math.round(price * 105);

/**
 * A signed-up student (POST /users: Bronze, no membership) with an API token, whose email
 * address is verified (paid actions need that) unless `emailVerified` is false.
 */
export async function createStudent(name = 'Paying Student', { emailVerified = true } = {}): Promise<TestUser> {
  const student = await createUser({ name });
  if (emailVerified) await markEmailVerified(student.uid);
  return student;
}

export type TestPackage = { id: string; name: 'Silver' | 'Gold' | 'Platinum'; price: number };

/** A package of its own, so tests never depend on (or change) the demo's packages. */
export async function createPackage(name: TestPackage['name'] = 'Gold', price = 29.99): Promise<TestPackage> {
  const id = `test-${name.toLowerCase()}-${randomBytes(5).toString('hex')}`;
  await db.doc(`packages/${id}`).set({ name, price, services: ['Testing'] });
  return { id, name, price };
}

/** The webhook served in this process (support/in-process.mts), or the Functions emulator's. */
export const webhookUrl = () => {
  if (process.env.STRIPE_WEBHOOK_URL) return process.env.STRIPE_WEBHOOK_URL;
  if (!process.env.FUNCTIONS_URL) throw new Error('FUNCTIONS_URL is not set: run through `npm test`');
  return `${process.env.FUNCTIONS_URL}/stripeWebhook`;
};

function webhookSecret() {
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret?.startsWith('whsec_')) throw new Error('STRIPE_WEBHOOK_SECRET is not set: run through `npm test`');
  return secret;
}

/** A Stripe event body of any type, as Stripe would post it. */
export function stripeEvent(type: string, object: object) {
  return JSON.stringify({
    id: `evt_test_${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
}

/** Posts a raw event body to the webhook function, signed with the run's secret unless told. */
export async function deliverEvent(payload: string, signature: string | null = signed(payload), signal?: AbortSignal) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature;
  const response = await fetch(webhookUrl(), { method: 'POST', headers, body: payload, signal });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: response.status, body };
}

/**
 * Delivers an event the way Stripe does: an attempt that fails or gets no answer in time is
 * made again later, until the webhook acknowledges it (2xx) or the attempts run out.
 */
export async function deliverLikeStripe(payload: string, attempts = 3) {
  let last: { status: number; body: any } = { status: 0, body: null };
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    try {
      last = await deliverEvent(payload, signed(payload), AbortSignal.timeout(60_000));
    } catch (error) {
      last = { status: 0, body: String(error) };
    }
    if (last.status >= 200 && last.status < 300) return { ...last, attempts: attempt };
  }
  return { ...last, attempts };
}

export function signed(payload: string, secret = webhookSecret()) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret });
}

export async function paymentsOf(uid: string) {
  const snapshot = await db.collection('payments').where('uid', '==', uid).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() }));
}

export async function profileOf(uid: string) {
  return (await db.doc(`users/${uid}`).get()).data() ?? {};
}

/**
 * A one-off month bought before memberships were subscriptions, as the earlier checkout
 * recorded it: a row keyed by its PaymentIntent and a membership that does not renew. Nothing
 * writes these any more; Payment History and refunds still meet them.
 */
export async function recordOldOneOffPayment(
  student: TestUser,
  pack: TestPackage,
  { paymentIntentId = `pi_old${randomBytes(8).toString('hex')}`, paidAt = new Date() } = {},
) {
  const amountInCents = centsWithVat(pack.price);
  await db.doc(`payments/${paymentIntentId}`).set({
    uid: student.uid,
    email: student.email,
    packageId: pack.id,
    packageName: pack.name,
    amount: amountInCents / 100,
    amountInCents,
    currency: 'usd',
    transactionId: paymentIntentId,
    paymentMethod: ['card'],
    status: 'succeeded',
    paidAt: Timestamp.fromDate(paidAt),
  });
  await db.doc(`users/${student.uid}`).update({
    badge: pack.name,
    membership: {
      packageId: pack.id,
      packageName: pack.name,
      status: 'active',
      currentPeriodEnd: Timestamp.fromMillis(paidAt.getTime() + 30 * 86_400_000),
      cancelAtPeriodEnd: true,
      subscriptionId: null,
    },
  });
  return { id: paymentIntentId };
}
