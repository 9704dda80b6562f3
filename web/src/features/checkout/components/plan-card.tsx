import { PackageServices } from '@/components/package-services';
import { formatPrice } from '@/lib/format';
import type { CheckoutPackage } from '../api/checkout-api';

// White text sits on these: every stop of each gradient gives it at least 4.5:1.
const tierColours: Record<string, string> = {
  Silver: 'from-slate-600 to-slate-700',
  Gold: 'from-amber-700 to-amber-800',
  Platinum: 'from-indigo-600 to-indigo-800',
};

export function PlanCard({ plan }: { plan: CheckoutPackage }) {
  return (
    <section aria-labelledby="plan-title" className="card overflow-hidden">
      <div
        className={`bg-gradient-to-r px-6 py-4 text-white ${tierColours[plan.name] ?? 'from-brand to-brand-strong'}`}
      >
        <h2 id="plan-title" className="text-xl font-bold">
          {plan.name} membership
        </h2>
        <p className="text-lg">
          <span className="text-2xl font-extrabold">{formatPrice(plan.price)}</span> / month, plus VAT
        </p>
      </div>
      <PackageServices pack={plan} className="space-y-2 px-6 py-4 text-sm text-stone-700" />
    </section>
  );
}
