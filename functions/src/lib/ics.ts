// Calendar entries (RFC 5545): a reservation's, attached to its emails, and the menu's feed of a
// hall's servings (features/feeds, ADR 77). Times are written in UTC, so every calendar places
// them right whatever its own zone and the hostel's DST; the same UID in the confirmation and
// the cancellation lets a calendar drop the entry, and a serving keeps its UID from one fetch
// of the feed to the next.
import { addDays } from '@hostelhub/contracts';

/** `20261125T110000Z` */
const stamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** `20261125`, for a whole day (a calendar date: no zone applies). */
const dateValue = (day: string) => day.replace(/-/g, '');

/** A TEXT value may hold no control character but the tab (RFC 5545 3.3.11): the rest are left out. */
const withoutControls = (value: string) =>
  [...value].filter((character) => character === '\t' || (character >= ' ' && character !== '\u007f')).join('');

/** Text as RFC 5545 writes it: backslash, semicolon, comma and newline escaped. */
const text = (value: string) =>
  withoutControls(
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n'),
  );

/** Lines longer than 75 octets are folded: a CRLF and a space before the rest. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const pieces: string[] = [];
  let current = '';
  for (const character of line) {
    if (Buffer.byteLength(current + character, 'utf8') > (pieces.length === 0 ? 75 : 74)) {
      pieces.push(current);
      current = '';
    }
    current += character;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

type EventBase = {
  /** Stable for what it describes: a reservation's emails share it, a serving keeps it. */
  uid: string;
  summary: string;
  description: string;
  location?: string;
  /** When this version was made (DTSTAMP). */
  stampedAt: Date;
  /** How many times it changed (SEQUENCE): a calendar keeps the highest it has seen. */
  sequence?: number;
  cancelled?: boolean;
};

/** Between two instants (a serving), or a whole day of the hostel's calendar `YYYY-MM-DD` (a closed day). */
export type CalendarEvent = EventBase & ({ startsAt: Date; endsAt: Date } | { day: string });

function eventLines(event: CalendarEvent): string[] {
  const when =
    'day' in event
      ? [
          `DTSTART;VALUE=DATE:${dateValue(event.day)}`,
          `DTEND;VALUE=DATE:${dateValue(addDays(event.day, 1))}`,
          // A note on the day, not time taken: it blocks nothing in the reader's calendar.
          'TRANSP:TRANSPARENT',
        ]
      : [`DTSTART:${stamp(event.startsAt)}`, `DTEND:${stamp(event.endsAt)}`];
  return [
    'BEGIN:VEVENT',
    `UID:${text(event.uid)}`,
    `SEQUENCE:${event.sequence ?? (event.cancelled ? 1 : 0)}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `DTSTAMP:${stamp(event.stampedAt)}`,
    ...when,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    ...(event.location === undefined ? [] : [`LOCATION:${text(event.location)}`]),
    'END:VEVENT',
  ];
}

const written = (lines: string[]) => lines.map(fold).join('\r\n') + '\r\n';

/** A reservation's entry, attached to its confirmation (PUBLISH) and its cancellation (CANCEL). */
export function calendarFile(event: CalendarEvent): string {
  return written([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//HostelHub//Reservations//EN',
    `METHOD:${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    ...eventLines(event),
    'END:VCALENDAR',
  ]);
}

export type CalendarFeed = {
  /** What a calendar app names the subscription. */
  name: string;
  /** How often a subscriber should fetch it again, in minutes. */
  refreshMinutes: number;
  events: CalendarEvent[];
};

/**
 * A calendar to subscribe to: every event it holds now. A calendar app replaces what it had
 * with each fetch, so an event left out (a serving removed) leaves the subscriber's calendar.
 */
export function calendarFeed(feed: CalendarFeed): string {
  const refresh = `PT${feed.refreshMinutes}M`;
  return written([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//HostelHub//Menu//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    // The name and refresh interval of RFC 7986, and the older names many apps still read.
    `NAME:${text(feed.name)}`,
    `X-WR-CALNAME:${text(feed.name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${refresh}`,
    `X-PUBLISHED-TTL:${refresh}`,
    ...feed.events.flatMap(eventLines),
    'END:VCALENDAR',
  ]);
}
