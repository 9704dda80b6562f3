import type Stripe from 'stripe';
import { vatRate } from '@hostelhub/contracts';
import { chargeCurrency } from '../../lib/stripe-client.js';
import type { MembershipPackage } from './membership-price.js';

// The Stripe side of the catalogue: a recurring monthly Price per package and price, and the
// VAT tax rate. Nobody types these into the dashboard: they are found by lookup key (or
// metadata) and created when missing, by the API when someone subscribes and by
// `npm run stripe:sync` (scripts/stripe-sync.mjs), with the same code.

/** Stripe's lookup key of a package's monthly Price at its current price. */
export function priceLookupKey(membershipPackage: Pick<MembershipPackage, 'id' | 'price'>): string {
  // The amount is part of the key: a price change makes a new Price, and subscribers keep
  // the Price they subscribed at until they change plan.
  return `hostelhub_${membershipPackage.id}_${unitAmountOf(membershipPackage)}_${chargeCurrency}_month`;
}

/** The package's monthly price in cents, without VAT (Stripe adds the tax rate). */
export const unitAmountOf = (membershipPackage: Pick<MembershipPackage, 'price'>) =>
  Math.round(membershipPackage.price * 100);

/** The package's current monthly Price, found by lookup key or created. */
export async function ensurePrice(stripe: Stripe, membershipPackage: MembershipPackage): Promise<Stripe.Price> {
  const lookupKey = priceLookupKey(membershipPackage);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  if (found.data[0]) return found.data[0];
  return stripe.prices.create(
    {
      currency: chargeCurrency,
      unit_amount: unitAmountOf(membershipPackage),
      recurring: { interval: 'month', interval_count: 1 },
      lookup_key: lookupKey,
      // VAT is added on top, as the checkout page shows it.
      tax_behavior: 'exclusive',
      product_data: { name: `HostelHub ${membershipPackage.name} membership` },
      metadata: { packageId: membershipPackage.id, packageName: membershipPackage.name },
    },
    // Two first subscribers at once create one Price.
    { idempotencyKey: `hostelhub-price-${lookupKey}` },
  );
}

const vatMetadataKey = 'hostelhub';
const vatMetadataValue = `vat-${vatRate * 100}`;

/** The exclusive VAT tax rate every subscription carries, found by metadata or created. */
export async function ensureVatRate(stripe: Stripe): Promise<Stripe.TaxRate> {
  for await (const rate of stripe.taxRates.list({ active: true, limit: 100 })) {
    if (rate.metadata?.[vatMetadataKey] === vatMetadataValue && !rate.inclusive) return rate;
  }
  return stripe.taxRates.create(
    {
      display_name: 'VAT',
      percentage: vatRate * 100,
      inclusive: false,
      metadata: { [vatMetadataKey]: vatMetadataValue },
    },
    { idempotencyKey: `hostelhub-tax-rate-${vatMetadataValue}` },
  );
}

// Every checkout and plan change needs a Price id and the tax-rate id. Listing them at Stripe
// each time costs two calls (and the tax-rate list grows with the account), so each instance
// keeps what it found for a while, per Stripe client (a changed key is another account). A
// Price never changes its amount (the amount is in its lookup key), so a cached id stays
// right until someone archives or deletes it in the dashboard: the lifetime bounds that, and
// a call that finds a cached id unknown to Stripe looks it up again (withCatalogueIds).

/** How long one instance reuses a Price or tax-rate id it found. */
export const catalogueCacheMs = 10 * 60_000;

type CachedId = { id: string; until: number };
const cachedIds = new WeakMap<Stripe, Map<string, CachedId>>();

async function cachedId(stripe: Stripe, key: string, find: () => Promise<{ id: string }>) {
  let ids = cachedIds.get(stripe);
  if (!ids) cachedIds.set(stripe, (ids = new Map()));
  const hit = ids.get(key);
  if (hit && hit.until > Date.now()) return { id: hit.id, cached: true };
  const { id } = await find();
  ids.set(key, { id, until: Date.now() + catalogueCacheMs });
  return { id, cached: false };
}

export type CatalogueIds = { priceId: string; taxRateId: string };

/**
 * Runs `use` with the package's Price id and the VAT tax-rate id, cached per instance. If
 * `use` fails with an ApiError 404 while the ids came from the cache (Stripe no longer knows
 * one of them), they are looked up afresh and `use` runs once more.
 */
export async function withCatalogueIds<T>(
  stripe: Stripe,
  membershipPackage: MembershipPackage,
  use: (ids: CatalogueIds) => Promise<T>,
  isMissing: (error: unknown) => boolean,
): Promise<T> {
  const lookUp = () =>
    Promise.all([
      cachedId(stripe, `price ${priceLookupKey(membershipPackage)}`, () => ensurePrice(stripe, membershipPackage)),
      cachedId(stripe, 'vat', () => ensureVatRate(stripe)),
    ]);
  const [price, taxRate] = await lookUp();
  try {
    return await use({ priceId: price.id, taxRateId: taxRate.id });
  } catch (error) {
    if (!(price.cached || taxRate.cached) || !isMissing(error)) throw error;
    cachedIds.delete(stripe);
    const [freshPrice, freshTaxRate] = await lookUp();
    return use({ priceId: freshPrice.id, taxRateId: freshTaxRate.id });
  }
}

/** Every package's Price and the tax rate, for `npm run stripe:sync`. */
export async function syncCatalogue(stripe: Stripe, packages: MembershipPackage[]) {
  const taxRate = await ensureVatRate(stripe);
  const prices = [];
  for (const membershipPackage of packages) {
    const price = await ensurePrice(stripe, membershipPackage);
    prices.push({ packageId: membershipPackage.id, lookupKey: price.lookup_key, priceId: price.id });
  }
  return { taxRateId: taxRate.id, prices };
}
