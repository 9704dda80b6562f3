import type Stripe from 'stripe';
import { vatRate } from '@hostelhub/contracts';
import { chargeCurrency, type MembershipPackage } from './membership-price.js';

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
