import { useEffect, type ReactNode } from 'react';

/** The page's heading, also used as the document title. */
export function PageTitle({ children, actions }: { children: string; actions?: ReactNode }) {
  useEffect(() => {
    document.title = `${children} · HostelHub`;
    // A page without a PageTitle (the home page, the meal lists) must not keep this one.
    return () => {
      document.title = 'HostelHub';
    };
  }, [children]);
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-stone-900">{children}</h1>
      {actions}
    </div>
  );
}
