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

/** The wall-clock date and time of `instant` in `timeZone`, as if it were UTC. */
export function wallClockAsUtc(instant: number, timeZone: string): number {
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
