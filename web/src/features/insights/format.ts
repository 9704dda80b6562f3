// Months and shares as Insights shows them. They live here rather than in lib/format.ts,
// whose module ships in the first scripts of every public page (the shared-ui chunk,
// web/vite.config.ts): only this lazy page needs them (ADR 37). Money, counts and ratings
// still come from lib/format.ts.

import { onFirstUse } from '@/lib/format';
import { monthOf } from '@/lib/format-month';

export { formatMonth } from '@/lib/format-month';

const monthShort = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
);

/** "Nov 2026", for a chart's axis and a table's rows. */
export const formatMonthShort = (month: string) =>
  Number.isNaN(monthOf(month).getTime()) ? month : monthShort().format(monthOf(month));

/** A share as a whole percentage: 0.123 -> "12%". */
export const formatPercent = (share: number) => `${Math.round(share * 100)}%`;

/** A chart's CSV file: its name and the range it covers. */
export const csvFileName = (name: string, range: { from: string; to: string }) =>
  `${name}-${range.from}-to-${range.to}.csv`;
