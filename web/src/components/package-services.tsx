/** A membership package's services as a checklist (home page plans and the checkout plan card). */
export function PackageServices({ services, className }: { services: string[]; className: string }) {
  return (
    <ul className={className}>
      {services.map((service) => (
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
