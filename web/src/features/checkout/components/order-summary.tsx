import { formatCents, formatHostelDay, formatPrice } from '@/lib/format';
import type { CheckoutPackage } from '../api/checkout-api';
import { orderTotal, vatPercent } from '../lib/order-total';

/**
 * The monthly price with its VAT, and, because the first period runs only to the 15th, what
 * a new subscription is charged today: both as the server worked them out for this package
 * (`firstPayment`). A member changing plan is not charged that (`subscribing` false): the
 * plan-change panel says what they pay instead.
 */
export function OrderSummary({ plan, subscribing = true }: { plan: CheckoutPackage; subscribing?: boolean }) {
  const { vat, total } = orderTotal(plan.price);
  const { dueTodayInCents, monthlyInCents, renewsAt } = plan.firstPayment;
  return (
    <section aria-labelledby="summary-title" className="card p-6">
      <h2 id="summary-title" className="mb-3 text-lg font-semibold">
        Order summary
      </h2>
      <dl className="space-y-2 text-sm">
        <div className="flex justify-between">
          <dt>{plan.name} membership (monthly)</dt>
          <dd>{formatPrice(plan.price)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>VAT ({vatPercent})</dt>
          <dd>{formatPrice(vat)}</dd>
        </div>
        <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-bold">
          <dt>Total a month</dt>
          <dd data-testid="order-total">{formatPrice(total)}</dd>
        </div>
      </dl>
      {subscribing && (
        <>
          <p className="mt-4 rounded-md bg-orange-50 px-3 py-2 font-semibold text-stone-900" data-testid="due-today">
            Due today: {formatCents(dueTodayInCents)}, then {formatCents(monthlyInCents)} a month including VAT
          </p>
          <p className="mt-2 text-xs text-stone-600">
            Today's payment covers the days until {formatHostelDay(renewsAt)}, in proportion to the monthly total; the
            full monthly payment is taken on the 15th of each month from then on.
          </p>
        </>
      )}
    </section>
  );
}
