import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/page-head';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <div className="card rounded-2xl p-6 sm:p-8">
        <h1 className="text-3xl font-bold text-stone-900">{title}</h1>
        <p className="mt-1 mb-6 text-stone-600">{subtitle}</p>
        {children}
      </div>
    </div>
  );
}
