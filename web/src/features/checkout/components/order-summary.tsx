import { formatPrice } from '@/lib/format';
import { orderTotal, vatPercent } from '../lib/order-total';

export function OrderSummary({ planName, price }: { planName: string; price: number }) {
  const { vat, total } = orderTotal(price);
  return (
    <section aria-labelledby="summary-title" className="card p-6">
      <h2 id="summary-title" className="mb-3 text-lg font-semibold">
        Order summary
      </h2>
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>{planName} membership (monthly)</dt>
          <dd>{formatPrice(price)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>VAT ({vatPercent})</dt>
          <dd>{formatPrice(vat)}</dd>
        </div>
        <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatPrice(total)}</dd>
        </div>
      </dl>
    </section>
  );
}
