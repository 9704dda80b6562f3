// How the site shows the menu's dates and times: always on the hostel's wall clock (the
// `timeZone` GET /menu answers, HOSTEL_TIME_ZONE on the API), whatever the browser's zone,
// and saying so when the two differ. Dates of the menu are calendar days `YYYY-MM-DD`.
import {
  addDays,
  hostelDate,
  knownZoneOffsets,
  mealSlotLabels,
  wallClockAsUtc,
  type MealSlot,
} from '@hostelhub/contracts';

// Written out rather than asked of Intl: the first Intl formatter a page makes loads the
// locale's data, tens of milliseconds of one task while the page is taken over (issue 43).
// These are en-GB's own words (September is "Sept" there).
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const shortMonth = (month: string) => (month === 'September' ? 'Sept' : month.slice(0, 3));
const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * "12:00": the wall-clock time of an instant in the hostel's zone. A page the server rendered
 * knows the zone's offsets (hostel-time's remembered spans), so no Intl formatter is made.
 */
export const formatHostelTime = (iso: string, timeZone: string) => {
  const wallClock = new Date(wallClockAsUtc(new Date(iso).getTime(), timeZone));
  return `${twoDigits(wallClock.getUTCHours())}:${twoDigits(wallClock.getUTCMinutes())}`;
};

/** "12:00–14:00": a serving's window. */
export const formatServingWindow = (startsAt: string, endsAt: string, timeZone: string) =>
  `${formatHostelTime(startsAt, timeZone)}–${formatHostelTime(endsAt, timeZone)}`;

// A calendar day is the same day everywhere: read at UTC, where `YYYY-MM-DD` is midnight.
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** "Tue 25 Nov" (the API's messages name days this way). */
export const formatDayShort = (date: string) => {
  const day = dayOf(date);
  return `${weekdays[day.getUTCDay()]!.slice(0, 3)} ${day.getUTCDate()} ${shortMonth(months[day.getUTCMonth()]!)}`;
};

/** "Tuesday 25 November" */
export const formatDayLong = (date: string) => {
  const day = dayOf(date);
  return `${weekdays[day.getUTCDay()]} ${day.getUTCDate()} ${months[day.getUTCMonth()]}`;
};

/** Today's date on the hostel's calendar. */
export const hostelToday = (timeZone: string, now: number = Date.now()) => hostelDate(now, timeZone);

/** Whether this browser's offset from UTC is the hostel's at each end of every known span. */
function readsAsHostelClock(timeZone: string): boolean {
  const spans = knownZoneOffsets(timeZone);
  const browserOffsetMs = (instant: number) => -new Date(instant).getTimezoneOffset() * 60_000;
  return (
    spans.length > 0 &&
    spans.every(
      (span) => browserOffsetMs(span.from) === span.offsetMs && browserOffsetMs(span.to - 1) === span.offsetMs,
    )
  );
}

/** The browser's own time zone; undefined where it cannot tell (the prerender, old browsers). */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * "Times in London time" when the browser's zone is not the hostel's, so a resident abroad
 * does not read 12:00 as their own noon; null when they match.
 */
export function zoneNote(timeZone: string, browserZone?: string): string | null {
  if (browserZone === undefined) {
    // A browser whose clock has the hostel's offsets over every span the page was handed reads
    // the page's times as the hostel does: no note, and no Intl formatter made to name its zone.
    if (readsAsHostelClock(timeZone)) return null;
    browserZone = browserTimeZone();
  }
  if (!browserZone || browserZone === timeZone) return null;
  const place = (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
  return `Times in ${place} time`;
}

type DatedServing = { date: string; slot: MealSlot; startsAt: string; endsAt: string };

/** "Lunch · Tue 25 Nov, 12:00–14:00": what a reservation is for, in a list of them. */
export const formatServingDate = (serving: DatedServing, timeZone: string) =>
  `${mealSlotLabels[serving.slot]} · ${formatDayShort(serving.date)}, ${formatServingWindow(serving.startsAt, serving.endsAt, timeZone)}`;

/**
 * "Lunch today, 12:00–14:00", "Lunch tomorrow, ..." or "Lunch · Tue 25 Nov, 12:00–14:00":
 * the member's next meal.
 */
export function formatServingFor(serving: DatedServing, timeZone: string, now: number = Date.now()): string {
  const today = hostelToday(timeZone, now);
  const window = formatServingWindow(serving.startsAt, serving.endsAt, timeZone);
  const slot = mealSlotLabels[serving.slot];
  if (serving.date === today) return `${slot} today, ${window}`;
  if (serving.date === addDays(today, 1)) return `${slot} tomorrow, ${window}`;
  return formatServingDate(serving, timeZone);
}

/** "3 places left", "1 place left", "Fully booked"; null without a capacity. */
export function placesLeftLabel(capacity: number | null, reserved: number): string | null {
  if (capacity === null) return null;
  const left = Math.max(0, capacity - reserved);
  if (left === 0) return 'Fully booked';
  return `${left} ${left === 1 ? 'place' : 'places'} left`;
}
