import { PackageServices } from '@/components/package-services';
import { formatPrice } from '@/lib/format';
import type { CheckoutPackage } from '../api/checkout-api';

const tierColours: Record<string, string> = {
  Silver: 'from-slate-300 to-slate-500',
  Gold: 'from-amber-300 to-amber-500',
  Platinum: 'from-indigo-300 to-indigo-600',
};

export function PlanCard({ plan }: { plan: CheckoutPackage }) {
  return (
    <section aria-labelledby="plan-title" className="card overflow-hidden">
      <div
        className={`bg-gradient-to-r px-6 py-4 text-white ${tierColours[plan.name] ?? 'from-orange-400 to-orange-600'}`}
      >
        <h2 id="plan-title" className="text-xl font-bold">
          {plan.name} membership
        </h2>
        <p className="text-lg">
          <span className="text-2xl font-extrabold">{formatPrice(plan.price)}</span> / month
        </p>
      </div>
      <PackageServices pack={plan} className="space-y-2 px-6 py-4 text-sm text-stone-700" />
    </section>
  );
}
