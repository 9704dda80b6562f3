// The range of months Insights shows, kept in the address so a view can be reloaded and
// shared: `?range=this-month|last-3|last-12`, or `?from=YYYY-MM&to=YYYY-MM` for a custom one,
// and `&hall=` for one hall's (ADR 72). Months are the hostel's (its time zone decides which
// month "this month" is).
import { defaultHostelTimeZone, hostelDate, insightsQuery, shiftMonth, type InsightsQuery } from '@hostelhub/contracts';

export const rangePresets = ['this-month', 'last-3', 'last-12'] as const;
export type RangePreset = (typeof rangePresets)[number];
export type RangeChoice = RangePreset | 'custom';

export const rangeLabels: Record<RangeChoice, string> = {
  'this-month': 'This month',
  'last-3': 'Last 3 months',
  'last-12': 'Last 12 months',
  custom: 'Custom',
};

/** The view a manager opens first: a year, so every month the hostel has is in it. */
export const defaultPreset: RangePreset = 'last-12';

const presetMonths: Record<RangePreset, number> = { 'this-month': 1, 'last-3': 3, 'last-12': 12 };

/** The month it is now on the hostel's calendar. */
export const hostelMonth = (now: number = Date.now(), timeZone: string = defaultHostelTimeZone) =>
  hostelDate(now, timeZone).slice(0, 7);

/** A preset's months, ending with the current one. */
export function presetRange(preset: RangePreset, now: number = Date.now()): InsightsQuery {
  const to = hostelMonth(now);
  return { from: shiftMonth(to, -(presetMonths[preset] - 1)), to };
}

export type InsightsRange = InsightsQuery & { choice: RangeChoice };

/**
 * The range the address asks for. An address that cannot be read (a month that is no month,
 * from after to, more than the API answers) falls back to the default, and says so.
 */
export function rangeFromSearch(
  params: URLSearchParams,
  now: number = Date.now(),
): { range: InsightsRange; unreadable: boolean } {
  const preset = params.get('range');
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null || to !== null) {
    const custom = insightsQuery.safeParse({ from, to });
    if (custom.success) return { range: { ...custom.data, choice: 'custom' }, unreadable: false };
  } else if (preset === null || (rangePresets as readonly string[]).includes(preset)) {
    const choice = (preset ?? defaultPreset) as RangePreset;
    return { range: { ...presetRange(choice, now), choice }, unreadable: false };
  }
  return { range: { ...presetRange(defaultPreset, now), choice: defaultPreset }, unreadable: true };
}

/** The address's query for a range, and the hall shown (none: every hall). */
export function searchForRange(
  range: { choice: RangePreset } | ({ choice: 'custom' } & InsightsQuery),
  hall?: string,
): string {
  const params = new URLSearchParams(
    range.choice === 'custom' ? { from: range.from, to: range.to } : { range: range.choice },
  );
  if (hall) params.set('hall', hall);
  return `?${params.toString()}`;
}

/** The range as the address keeps it: a preset by its name, a custom range by its months. */
export const choiceOf = (range: InsightsRange) =>
  range.choice === 'custom' ? { choice: 'custom' as const, from: range.from, to: range.to } : { choice: range.choice };
