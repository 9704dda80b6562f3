// A calendar month (`YYYY-MM`, the hostel's months as the API counts them) is the same month
// everywhere: formatted at UTC, where its first day begins. A module of its own, not in
// lib/format.ts, whose module ships with every public page (ADR 37): only dashboard pages need it.
// Made on first use, not as the module loads: the first Intl formatter a page makes loads the
// locale's data in one long task (ADR 41), and a page that never shows a month need not pay it.
import { onFirstUse } from './format';

const monthLong = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
);

export const monthOf = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** "November 2026"; an unreadable value is shown as it came. */
export const formatMonth = (month: string) =>
  Number.isNaN(monthOf(month).getTime()) ? month : monthLong().format(monthOf(month));
