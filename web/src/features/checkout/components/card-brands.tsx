// The card brands the checkout accepts, drawn inline so no image is fetched from elsewhere.
const brands = [
  { id: 'visa', label: 'VISA', className: 'bg-blue-800 text-white italic' },
  { id: 'mastercard', label: 'Mastercard', className: 'bg-neutral-900 text-orange-400' },
  { id: 'amex', label: 'AMEX', className: 'bg-sky-700 text-white' },
  { id: 'discover', label: 'DISCOVER', className: 'bg-white text-orange-700 ring-1 ring-neutral-300' },
  { id: 'diners', label: 'Diners', className: 'bg-white text-blue-900 ring-1 ring-neutral-300' },
  { id: 'jcb', label: 'JCB', className: 'bg-emerald-700 text-white' },
  { id: 'unionpay', label: 'UnionPay', className: 'bg-red-700 text-white' },
] as const;

/** Brand badges; the one Stripe recognises in the number being typed is highlighted. */
export function CardBrands({ detected }: { detected?: string | null }) {
  return (
    <ul aria-label="Accepted cards" className="flex flex-wrap gap-1.5">
      {brands.map((brand) => {
        const dimmed = detected && detected !== 'unknown' && detected !== brand.id;
        return (
          <li
            key={brand.id}
            title={brand.id}
            data-brand={brand.id}
            aria-current={detected === brand.id ? 'true' : undefined}
            className={`rounded px-1.5 py-0.5 text-[10px] font-bold tracking-wide ${brand.className} ${dimmed ? 'opacity-30' : ''}`}
          >
            {brand.label}
          </li>
        );
      })}
    </ul>
  );
}
