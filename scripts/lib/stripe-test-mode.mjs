// Stripe for the test run: the functions talk to a local fake of the Stripe API
// (functions/test/support/fake-stripe.ts, started by the API and e2e suites) with throw-away
// keys made for this run alone.
import { randomBytes } from 'node:crypto';

/** The fake Stripe API listens here: a fixed port per emulator port offset. */
const fakeStripePort = (offset) => 12111 + offset;

/**
 * This run's Stripe keys, for the run's own functions secrets file (`secrets`), and the
 * environment the emulators and the suites need (`env`): where the fake listens, and the
 * webhook secret the suites sign events with.
 */
export function fakeStripe(offset) {
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  return {
    secrets: {
      STRIPE_SECRET_KEY: `sk_test_local_${randomBytes(12).toString('hex')}`,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
    env: {
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(fakeStripePort(offset)),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
  };
}
