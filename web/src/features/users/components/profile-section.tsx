import { useId, type ReactNode } from 'react';

/** One titled card of a profile page (diet, emails, halls): a region named by its heading. */
export function ProfileSection({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-2xl border border-stone-200 bg-white p-5">
      <h2 id={headingId} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{intro}</p>
      {children}
    </section>
  );
}
