import { displayedServices, type MembershipPackage } from '@hostelhub/contracts';

/**
 * A membership package's services as a checklist (home page plans and the checkout plan
 * card). The lines about requests and serving are written from the package's entitlements,
 * the ones the API enforces; the other lines are the package's own.
 */
export function PackageServices({
  pack,
  className,
}: {
  pack: Pick<MembershipPackage, 'services'> & Partial<MembershipPackage>;
  className: string;
}) {
  return (
    <ul className={className}>
      {displayedServices(pack).map((service) => (
        <li key={service} className="flex gap-2">
          <span aria-hidden="true" className="text-green-600">
            ✓
          </span>
          {service}
        </li>
      ))}
    </ul>
  );
}
