import { Link, useLocation } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { useSession } from '@/lib/auth';
import { formatCents, formatPrice } from '@/lib/format';
import { isMember, priceWithVatInCents, vatRate, type MembershipPackage } from '@hostelhub/contracts';
import { usePackages } from '@/lib/packages-query';
import { PackageServices } from '@/components/package-services';
import { membersOnlyNote, wantedMealOf, type WantedMeal } from '@/lib/plans-redirect';
import { paths } from '@/lib/paths';

export const membershipSectionId = 'membership';

const tierStyles: Record<string, string> = {
  Silver: 'border-slate-300 from-slate-100 to-white',
  Gold: 'border-amber-300 from-amber-100 to-white',
  Platinum: 'border-indigo-300 from-indigo-100 to-white',
};

type PackageCardProps = {
  pack: MembershipPackage;
  purchased: boolean;
  /** The meal that brought the visitor here, handed on so the checkout can lead back to it. */
  wanted: WantedMeal | null;
};

function PackageCard({ pack, purchased, wanted }: PackageCardProps) {
  return (
    <li
      className={`flex flex-col rounded-2xl border-2 bg-gradient-to-b p-6 shadow-sm ${tierStyles[pack.name] ?? 'border-stone-200 from-white to-white'}`}
    >
      {purchased && (
        <p className="mb-2 self-start rounded-full bg-green-100 px-3 py-0.5 text-sm font-semibold text-green-800">
          Your current plan
        </p>
      )}
      <h3 className="text-2xl font-bold text-stone-900">{pack.name}</h3>
      <p className="mt-2">
        <span className="text-3xl font-extrabold text-stone-900">{formatPrice(pack.price)}</span>
        <span className="text-stone-600"> / month</span>
      </p>
      {/* The price is without VAT; say so, and what is paid with it, as the checkout charges. */}
      <p className="text-sm text-stone-600" data-testid="vat-note">
        Price excludes VAT. With {Math.round(vatRate * 100)}% VAT: {formatCents(priceWithVatInCents(pack.price))} a
        month.
      </p>
      <PackageServices pack={pack} className="mt-4 flex-1 space-y-2 text-stone-700" />
      {purchased ? (
        <span className="btn-secondary mt-6 cursor-default text-green-700" aria-label={`${pack.name}: purchased`}>
          purchased
        </span>
      ) : (
        <Link to={paths.checkout(pack._id)} state={wanted ? { wanted } : undefined} className="btn-primary mt-6">
          Get {pack.name}
        </Link>
      )}
    </li>
  );
}

export function MembershipSection() {
  const packages = usePackages();
  const { profile } = useSession();
  // An ended membership holds no package: it can be bought again.
  const held = profile && isMember(profile, new Date()) ? profile.membership : null;
  const wanted = wantedMealOf(useLocation().state);

  return (
    <section id={membershipSectionId} aria-labelledby="membership-heading" className="scroll-mt-20 py-14">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="membership-heading" className="text-center text-3xl font-bold text-stone-900">
          Upgrade Your Membership
        </h2>
        <p className="mx-auto mt-2 mb-8 max-w-2xl text-center text-stone-600">
          Members request meals from the kitchen and like upcoming meals. Billed monthly.
        </p>
        {wanted && (
          <div
            role="status"
            className="mx-auto mb-8 max-w-2xl rounded-xl border border-amber-300 bg-amber-50 p-4 text-stone-800"
            data-testid="members-only-note"
          >
            <p className="font-semibold">{membersOnlyNote}</p>
            <p className="mt-1 text-sm">
              Once you subscribe, you can go back to <span className="font-semibold">{wanted.title}</span>.
            </p>
          </div>
        )}
        {packages.isPending && (
          <ul aria-hidden="true" className="grid gap-6 md:grid-cols-3">
            {[0, 1, 2].map((index) => (
              <li key={index} className="h-80 animate-pulse rounded-2xl bg-stone-200" />
            ))}
          </ul>
        )}
        {packages.isError && (
          <ErrorState title="Packages could not be loaded" error={packages.error} onRetry={() => packages.refetch()} />
        )}
        {packages.data && (
          <ul className="grid gap-6 md:grid-cols-3">
            {packages.data.map((pack) => (
              <PackageCard
                key={pack._id}
                pack={pack}
                purchased={Boolean(held) && (held!.packageId === pack._id || held!.packageName === pack.name)}
                wanted={wanted}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
