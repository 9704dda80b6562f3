import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../test/support/fake-stripe.js';
import { ApiError } from './errors.js';
import { requireStripe, stripeCall, stripeClient, webhookSecret } from './stripe-client.js';

// Unit tests of the configuration rules; the secrets are read from the environment, as the
// functions runtime provides them.
const saved = { ...process.env };
let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe(0);
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_HOST',
    'STRIPE_API_PORT',
    'STRIPE_API_PROTOCOL',
  ]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

describe('Stripe configuration', () => {
  it.each(['', 'not-configured', 'pk_test_abc', 'whsec_abc'])('treats the secret key %j as not configured', (key) => {
    process.env.STRIPE_SECRET_KEY = key;
    expect(stripeClient()).toBeNull();
    expect(() => requireStripe()).toThrow(
      expect.objectContaining({ status: 503, message: 'Payments are not configured' }),
    );
  });

  it('treats a webhook secret that is not whsec_... as not configured', () => {
    process.env.STRIPE_WEBHOOK_SECRET = 'not-configured';
    expect(webhookSecret()).toBeNull();
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_abc123';
    expect(webhookSecret()).toBe('whsec_abc123');
  });

  it('sends the SDK to the host and port named in the environment', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_unit_config';
    process.env.STRIPE_API_HOST = '127.0.0.1';
    process.env.STRIPE_API_PORT = String(fake.port);
    process.env.STRIPE_API_PROTOCOL = 'http';
    const known = fake.addPaymentIntent({ amount: 1234 });
    const client = requireStripe();
    await expect(client.paymentIntents.retrieve(known.id)).resolves.toMatchObject({ id: known.id, amount: 1234 });
    expect(fake.requests).toContain(`GET /v1/payment_intents/${known.id}`);
  });
});

describe('stripeCall, the one map of Stripe errors to HTTP', () => {
  const pointAtFake = () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_unit_errors';
    process.env.STRIPE_API_HOST = '127.0.0.1';
    process.env.STRIPE_API_PORT = String(fake.port);
    process.env.STRIPE_API_PROTOCOL = 'http';
  };

  it('answers 404 for an object Stripe does not know, and passes the answer through otherwise', async () => {
    pointAtFake();
    const known = fake.addPaymentIntent({ amount: 999 });
    await expect(stripeCall('payment', (stripe) => stripe.paymentIntents.retrieve(known.id))).resolves.toMatchObject({
      id: known.id,
    });
    await expect(stripeCall('payment', (stripe) => stripe.paymentIntents.retrieve('pi_nobody'))).rejects.toEqual(
      expect.objectContaining({ status: 404, message: 'No such payment' }),
    );
  });

  it('answers 502 while Stripe is down, and lets an ApiError of the call itself through', async () => {
    pointAtFake();
    fake.setOutage(true);
    try {
      await expect(stripeCall('payment', (stripe) => stripe.paymentIntents.retrieve('pi_any'))).rejects.toEqual(
        expect.objectContaining({
          status: 502,
          message: 'The payment provider could not be reached. Please try again.',
        }),
      );
    } finally {
      fake.setOutage(false);
    }
    const own = new ApiError(409, 'Not this one');
    await expect(stripeCall('payment', () => Promise.reject(own))).rejects.toBe(own);
  });

  it('answers 503 without a key, before asking Stripe', async () => {
    process.env.STRIPE_SECRET_KEY = 'not-configured';
    const asked = fake.requests.length;
    await expect(stripeCall('payment', (stripe) => stripe.paymentIntents.retrieve('pi_any'))).rejects.toEqual(
      expect.objectContaining({ status: 503 }),
    );
    expect(fake.requests.length).toBe(asked);
  });
});
