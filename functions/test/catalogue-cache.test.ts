// The Stripe Price and tax-rate ids are cached per instance: served in this process (as one
// function instance), a second checkout asks Stripe to list neither.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from './support/fake-stripe.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';
import { createPackage, createStudent } from './support/payments.js';

let stripe: FakeStripe;
let api: LocalApi;
const keyBefore = process.env.STRIPE_SECRET_KEY;

beforeAll(async () => {
  stripe = await startFakeStripe();
  // This process plays the function instance: it talks to the same fake with a key of its own.
  process.env.STRIPE_SECRET_KEY = 'sk_test_local_catalogue_cache';
  api = await startLocalApi();
});
afterAll(async () => {
  await api?.close();
  await stripe?.close();
  if (keyBefore === undefined) delete process.env.STRIPE_SECRET_KEY;
  else process.env.STRIPE_SECRET_KEY = keyBefore;
});

const catalogueLists = () =>
  stripe.requests.filter((request) => request === 'GET /v1/prices' || request === 'GET /v1/tax_rates').length;

async function checkout(packageId: string) {
  const student = await createStudent();
  const created = await api.call('subscribe', { token: student.token, body: { packageId } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return stripe.subscriptions.get(created.body.subscriptionId)!;
}

describe('the catalogue ids', () => {
  it('are listed at Stripe for the first checkout of a package only', async () => {
    const pack = await createPackage('Gold', 27.5);
    const before = catalogueLists();
    const first = await checkout(pack.id);
    const afterFirst = catalogueLists();
    expect(afterFirst).toBeGreaterThan(before);

    const second = await checkout(pack.id);
    expect(catalogueLists()).toBe(afterFirst);
    // The same Price and tax rate as the first.
    expect(second.items.data[0].price.id).toBe(first.items.data[0].price.id);
    expect(second.default_tax_rates.map((rate: { id: string }) => rate.id)).toEqual(
      first.default_tax_rates.map((rate: { id: string }) => rate.id),
    );
  });

  it('are looked up again when Stripe no longer knows a cached one', async () => {
    const pack = await createPackage('Silver', 18.25);
    await checkout(pack.id);
    // Stripe knows none of the cached ids any more (another account, or a fresh fake).
    await stripe.close();
    stripe = await startFakeStripe();
    const again = await checkout(pack.id);
    expect(catalogueLists()).toBeGreaterThan(0);
    expect(stripe.prices.get(again.items.data[0].price.id)?.unit_amount).toBe(1825);
    expect(again.default_tax_rates).toEqual([expect.objectContaining({ percentage: 5, inclusive: false })]);
  });
});
