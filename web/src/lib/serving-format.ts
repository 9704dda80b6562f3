// How the site shows the menu's dates and times: always on the hostel's wall clock (the
// `timeZone` GET /menu answers, HOSTEL_TIME_ZONE on the API), whatever the browser's zone,
// and saying so when the two differ. Dates of the menu are calendar days `YYYY-MM-DD`.
import { addDays, hostelDate, mealSlotLabels, type MealSlot } from '@hostelhub/contracts';
import { onFirstUse } from './format';

const timeFormats = new Map<string, Intl.DateTimeFormat>();
const timeFormat = (timeZone: string) => {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, format);
  }
  return format;
};

/** "12:00": the wall-clock time of an instant in the hostel's zone. */
export const formatHostelTime = (iso: string, timeZone: string) => timeFormat(timeZone).format(new Date(iso));

/** "12:00–14:00": a serving's window. */
export const formatServingWindow = (startsAt: string, endsAt: string, timeZone: string) =>
  `${formatHostelTime(startsAt, timeZone)}–${formatHostelTime(endsAt, timeZone)}`;

// A calendar day is the same day everywhere: formatted at UTC, where `YYYY-MM-DD` is midnight.
const shortDay = onFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }),
);
const longDay = onFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }),
);
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** "Tue 25 Nov" (the API's messages name days this way). */
export const formatDayShort = (date: string) => shortDay().format(dayOf(date)).replace(',', '');

/** "Tuesday 25 November" */
export const formatDayLong = (date: string) => longDay().format(dayOf(date)).replace(',', '');

/** Today's date on the hostel's calendar. */
export const hostelToday = (timeZone: string, now: number = Date.now()) => hostelDate(now, timeZone);

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
export function zoneNote(timeZone: string, browserZone: string | undefined = browserTimeZone()): string | null {
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
