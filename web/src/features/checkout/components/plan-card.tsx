import type { CheckoutPackage } from '../api/checkout-api';
import { formatDollars } from '../lib/order-total';
import { PackageServices } from '@/components/package-services';

const tierColours: Record<string, string> = {
  Silver: 'from-slate-300 to-slate-500',
  Gold: 'from-amber-300 to-amber-500',
  Platinum: 'from-indigo-300 to-indigo-600',
};

export function PlanCard({ plan }: { plan: CheckoutPackage }) {
  return (
    <section
      aria-labelledby="plan-title"
      className="overflow-hidden rounded-xl border border-neutral-200 bg-white shadow-sm"
    >
      <div
        className={`bg-gradient-to-r px-6 py-4 text-white ${tierColours[plan.name] ?? 'from-orange-400 to-orange-600'}`}
      >
        <h2 id="plan-title" className="text-xl font-bold">
          {plan.name} membership
        </h2>
        <p className="text-lg">
          <span className="text-2xl font-extrabold">{formatDollars(plan.price)}</span> / month
        </p>
      </div>
      <PackageServices services={plan.services} className="space-y-2 px-6 py-4 text-sm text-neutral-700" />
    </section>
  );
}
