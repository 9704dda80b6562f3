export function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6 stroke-current" fill="none" strokeWidth="1.8">
      <path
        d="M18 8a6 6 0 10-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 01-3.4 0"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
