// The demo's Stripe stand-in, run by `npm start` when no Stripe keys are configured: the
// fake of the Stripe API the tests use (scripts/lib/fake-stripe/), answering Stripe.js from
// the page as well, with Stripe's test-mode behaviour (4242 4242 4242 4242 pays,
// 4000 0000 0000 0002 is declined). Every event it queues is signed with the webhook secret
// and posted to the `stripeWebhook` function, in order, as Stripe would. A demo control,
// `POST /demo/renew` (`npm run demo:renew`), moves its clock to the next renewal. Its state
// is saved beside the demo data (ADR 11), so subscriptions survive a restart.
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { startFakeStripe } from './fake-stripe/server.mjs';

/** The stand-in's address: the port the test runs give their fake, for the same offset. */
export const demoStripePort = (offset) => 12111 + offset;

/** Throw-away keys for the demo: the functions read them, nobody else. */
export function demoStripeKeys() {
  return {
    STRIPE_SECRET_KEY: `sk_test_demo_${randomBytes(12).toString('hex')}`,
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('hex')}`,
  };
}

/** A Stripe-Signature header, as Stripe signs a webhook: HMAC-SHA256 of "timestamp.payload". */
export function stripeSignature(payload, secret, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

// The model's collections, saved and loaded by name.
const collections = [
  'paymentIntents',
  'customers',
  'prices',
  'taxRates',
  'subscriptions',
  'invoices',
  'charges',
  'disputes',
  'invoiceOfPaymentIntent',
];

function loadState(model, statePath) {
  if (!statePath || !existsSync(statePath)) return;
  const state = JSON.parse(readFileSync(statePath, 'utf8'));
  for (const name of collections) {
    for (const [key, value] of Object.entries(state[name] ?? {})) model[name].set(key, value);
  }
  for (const customer of state.declining ?? []) model.declining.add(customer);
  // A renewal advanced by the demo control may have put the clock ahead of the real one.
  model.clock.set(Math.max(model.clock.now(), Number(state.clock ?? 0)));
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the stand-in on `port`. `webhookUrl` and `webhookSecret`: where and how its events
 * go. `statePath`: the JSON file its state is loaded from (when present) and saved to by
 * `save()`. `log`: one line per delivery problem.
 */
export async function startDemoStripe({ port, webhookUrl, webhookSecret, statePath = null, log = console.log }) {
  let delivering = Promise.resolve();
  let stripe;

  async function deliver(event) {
    const payload = JSON.stringify({
      id: `evt_demo_${randomBytes(8).toString('hex')}`,
      object: 'event',
      api_version: '2025-01-01',
      created: stripe.now(),
      type: event.type,
      livemode: false,
      data: { object: event.object },
    });
    // Stripe retries a delivery that failed; a function starting cold may take a moment.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      try {
        const response = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload, webhookSecret) },
          body: payload,
        });
        if (response.ok) return;
        log(`Demo Stripe: the webhook answered ${response.status} to ${event.type} (attempt ${attempt})`);
      } catch (error) {
        log(`Demo Stripe: could not deliver ${event.type} (attempt ${attempt}): ${error.message}`);
      }
      await sleep(1000 * attempt);
    }
  }

  /** Delivers the queued events, one after another, after any delivery under way. */
  function deliverQueued() {
    const events = stripe.takeEvents();
    delivering = delivering.then(async () => {
      for (const event of events) await deliver(event);
    });
    return delivering;
  }

  /** The next renewal: the clock moved just past the earliest period end of a live subscription. */
  function renew() {
    const ends = [...stripe.subscriptions.values()]
      .filter((subscription) => ['active', 'past_due'].includes(subscription.status))
      .map((subscription) => subscription.items.data[0].current_period_end);
    if (ends.length === 0) return { renewed: 0, now: stripe.now() };
    const next = Math.min(...ends);
    stripe.advanceClock(Math.max(next, stripe.now()) + 1);
    return { renewed: ends.filter((end) => end === next).length, now: stripe.now() };
  }

  stripe = await startFakeStripe(port, {
    browser: true,
    extraRoutes: (method, url) => {
      if (url.pathname !== '/demo/renew') return null;
      if (method !== 'POST') return { status: 405, body: { error: { message: 'POST to renew' } } };
      return { status: 200, body: renew() };
    },
    afterRequest: () => void deliverQueued(),
  });
  loadState(stripe.model, statePath);

  return {
    stripe,
    port: stripe.port,
    renew,
    /** Resolves once every event queued so far has been delivered (or given up on). */
    settled: () => deliverQueued(),
    /** Writes the state to `statePath`, for the next start. */
    save() {
      if (!statePath) return;
      const state = { clock: stripe.now(), declining: [...stripe.model.declining] };
      for (const name of collections) state[name] = Object.fromEntries(stripe.model[name]);
      writeFileSync(statePath, JSON.stringify(state));
    },
    close: () => stripe.close(),
  };
}
