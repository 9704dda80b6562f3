// Every day of two whole years, at chosen times on a hostel's clock: the instants the date
// tests sweep, so code that reads today's date is checked on month ends, leap days and clock
// changes, not only on the day the tests run. Test support: nothing in the product imports it.
import { addDays, instantOfHostelTime, rememberZoneOffsets, zoneOffsetSpans } from './hostel-time.js';

/** Zones the sweeps try: the default, one behind UTC, one in the south, one with a half hour. */
export const sweptZones = ['Europe/London', 'America/New_York', 'Australia/Sydney', 'Asia/Kolkata'] as const;

/** The hostel's midday, and late in its evening, when a day's last schedules run. */
export const sweptTimes = ['12:00', '23:30'] as const;

/** Every calendar date from `from` to `to`, both included. */
export function calendarDates(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** 2026 and 2027 day by day, and the next leap day with its neighbours. */
export const sweptDates = [...calendarDates('2026-01-01', '2027-12-31'), ...calendarDates('2028-02-28', '2028-03-01')];

export type SweptInstant = { date: string; time: string; now: Date };

/**
 * Each swept date at each swept time, as instants in `timeZone`. The zone's offsets over the
 * sweep are learnt first, as a page learns them (ADR 54), so tens of thousands of wall-clock
 * conversions take seconds; the spans are found with Intl, so the zone's rules are still its own.
 */
export function sweptInstants(timeZone: string, times: readonly string[] = sweptTimes): SweptInstant[] {
  rememberZoneOffsets(timeZone, zoneOffsetSpans(timeZone, Date.UTC(2025, 6, 1), Date.UTC(2028, 6, 1)));
  return sweptDates.flatMap((date) =>
    times.map((time) => ({ date, time, now: instantOfHostelTime(date, time, timeZone) })),
  );
}
