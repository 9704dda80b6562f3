import { priceWithVatInCents, vatRate } from '@hostelhub/contracts';

export type OrderTotal = { price: number; vat: number; total: number; amountInCents: number };

/** The order summary: price, 5% VAT and the total, from the same rule the API charges by. */
export function orderTotal(price: number): OrderTotal {
  const amountInCents = priceWithVatInCents(price);
  const total = amountInCents / 100;
  return { price, vat: Math.round((total - price) * 100) / 100, total, amountInCents };
}

export const vatPercent = `${Math.round(vatRate * 100)}%`;
