import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/page-head';

/** The page's heading, also used as the document title. */
export function PageTitle({ children, actions }: { children: string; actions?: ReactNode }) {
  useDocumentTitle(children);
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-stone-900">{children}</h1>
      {actions}
    </div>
  );
}
