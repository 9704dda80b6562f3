/**
 * The HostelHub mark, drawn in the page rather than fetched as `/logo.svg` (which stays the
 * favicon and keeps the same drawing). On a slow link a page's first requests are its own
 * content's: a logo request opened before the meal's picture took the connection the
 * document came on, and the picture waited for a new one.
 */
export function LogoMark({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <rect width="64" height="64" rx="14" fill="#ea580c" />
      <path d="M18 40h28a14 14 0 0 0-28 0Zm-4 4h36v4H14z" fill="#fff" />
      <circle cx="32" cy="22" r="3" fill="#fff" />
    </svg>
  );
}
