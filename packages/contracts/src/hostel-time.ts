// Wall-clock arithmetic in the hostel's time zone (an IANA name), daylight saving included.
// Every date and time the product shows or checks (quota weeks, servings, cutoffs) goes
// through these, on the API and the site alike.

// One formatter per zone, made on first use: making one loads the zone's rules, far slower
// than formatting with it, and a week's menu asks for hundreds of wall-clock times.
const wallClocks = new Map<string, Intl.DateTimeFormat>();
function wallClockIn(timeZone: string): Intl.DateTimeFormat {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClocks.set(timeZone, format);
  }
  return format;
}

/**
 * A stretch of time over which a zone's offset from UTC does not change: from `from` (an
 * instant, in ms) up to `to`, not included.
 */
export type ZoneOffsetSpan = { from: number; to: number; offsetMs: number };

/**
 * Spans a page was handed with its data (zoneOffsetSpans on the server). In a browser the
 * first Intl formatter of a page loads the locale and zone data, tens of milliseconds of one
 * task on a phone; a page whose times all fall within these spans needs no formatter at all.
 */
const knownSpans = new Map<string, ZoneOffsetSpan[]>();

/** Takes `spans` of `timeZone` (as zoneOffsetSpans made them) as known. */
export function rememberZoneOffsets(timeZone: string, spans: readonly ZoneOffsetSpan[]): void {
  knownSpans.set(
    timeZone,
    spans.filter((span) => [span.from, span.to, span.offsetMs].every(Number.isFinite) && span.from < span.to),
  );
}

/** The spans remembered for `timeZone` (none when the page was handed none). */
export const knownZoneOffsets = (timeZone: string): readonly ZoneOffsetSpan[] => knownSpans.get(timeZone) ?? [];

/** The zones this process has read a wall clock in. */
export const zonesInUse = (): string[] => [...wallClocks.keys(), ...knownSpans.keys()];

const minuteMs = 60_000;
/** Zones change their offset on a whole minute (at most a few times a year). */
const offsetAt = (minute: number, timeZone: string) => wallClockAsUtc(minute, timeZone) - minute;

/**
 * The spans of `timeZone`'s offset between `from` and `to` (instants, ms): found by stepping a
 * day at a time and, where the offset changes, narrowing to the minute of the change.
 */
export function zoneOffsetSpans(timeZone: string, from: number, to: number): ZoneOffsetSpan[] {
  const dayMs = 24 * 60 * minuteMs;
  const start = Math.floor(from / minuteMs) * minuteMs;
  const spans: ZoneOffsetSpan[] = [];
  let spanStart = start;
  let offsetMs = offsetAt(start, timeZone);
  for (let day = start; day < to;) {
    const next = Math.min(day + dayMs, Math.ceil(to / minuteMs) * minuteMs);
    if (offsetAt(next, timeZone) !== offsetMs) {
      // The first minute after `day` with another offset.
      let low = day;
      let high = next;
      while (high - low > minuteMs) {
        const middle = low + Math.floor((high - low) / 2 / minuteMs) * minuteMs;
        if (offsetAt(middle, timeZone) === offsetMs) low = middle;
        else high = middle;
      }
      spans.push({ from: spanStart, to: high, offsetMs });
      spanStart = high;
      offsetMs = offsetAt(high, timeZone);
      day = high;
    } else {
      day = next;
    }
  }
  spans.push({ from: spanStart, to: Math.max(spanStart + minuteMs, Math.ceil(to / minuteMs) * minuteMs), offsetMs });
  return spans;
}

/** The wall-clock date and time of `instant` in `timeZone`, as if it were UTC (to the second). */
export function wallClockAsUtc(instant: number, timeZone: string): number {
  const span = knownSpans.get(timeZone)?.find((known) => known.from <= instant && instant < known.to);
  if (span) return Math.floor((instant + span.offsetMs) / 1000) * 1000;
  const parts = wallClockIn(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The instant at which the wall clock in `timeZone` shows the given UTC-coded wall time. */
export function instantOfWallClock(wallClock: number, timeZone: string): number {
  let guess = wallClock;
  for (let attempt = 0; attempt < 3; attempt++) {
    const offset = wallClockAsUtc(guess, timeZone) - guess;
    const next = wallClock - offset;
    if (next === guess) break;
    guess = next;
  }
  return guess;
}

/** The instant of wall-clock `time` (`HH:MM`) on `date` (`YYYY-MM-DD`) in `timeZone`. */
export function instantOfHostelTime(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hours, minutes] = time.split(':').map(Number);
  return new Date(instantOfWallClock(Date.UTC(year!, month! - 1, day!, hours!, minutes!), timeZone));
}

/**
 * Whether `value` is a real calendar date written `YYYY-MM-DD`. Plain code, not a schema: the
 * menu page checks its `?from=` with it and loads no zod (ADR 39); `calendarDate` uses it too.
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month! - 1 && date.getUTCDate() === day;
}

/** `date` (`YYYY-MM-DD`) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

/** The Monday (`YYYY-MM-DD`) of the week holding `date`. */
export function mondayOf(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year!, month! - 1, day!)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The month (`YYYY-MM`) `by` months after `month` (before, when negative). */
export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Calendar days from `from` to `to` (both `YYYY-MM-DD`): positive when `to` is later. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
