export function Spinner({ label = 'Loading', className = 'size-8' }: { label?: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <span
        aria-hidden="true"
        className={`${className} animate-spin rounded-full border-4 border-orange-200 border-t-orange-600`}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A whole page waiting for its data or for the session. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner label={label} className="size-10" />
    </div>
  );
}
