import type { ReactNode } from 'react';

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-stone-300 px-6 py-12 text-center">
      <p className="text-lg font-semibold text-stone-700">{title}</p>
      {children && <div className="text-sm text-stone-500">{children}</div>}
    </div>
  );
}
