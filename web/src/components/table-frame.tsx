import type { ReactNode } from 'react';

type TableFrameProps = { caption: string; headers: string[]; children: ReactNode };

/** A data table that scrolls sideways on narrow screens instead of squeezing its columns. */
export function TableFrame({ caption, headers, children }: TableFrameProps) {
  return (
    <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-stone-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-50 text-xs font-semibold tracking-wide text-stone-600 uppercase">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-3 whitespace-nowrap">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 text-stone-800">{children}</tbody>
      </table>
    </div>
  );
}

export const cellClass = 'px-4 py-3 align-middle';
