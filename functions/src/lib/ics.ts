// A calendar entry (RFC 5545) for a reservation, attached to its emails. Times are written
// in UTC, so every calendar places them right whatever its own zone and the hostel's DST;
// the same UID in the confirmation and the cancellation lets a calendar drop the entry.

/** `20261125T110000Z` */
const stamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Text as RFC 5545 writes it: backslash, semicolon, comma and newline escaped. */
const text = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

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

export type CalendarEvent = {
  /** Stable for the reservation: the confirmation and the cancellation share it. */
  uid: string;
  summary: string;
  description: string;
  location: string;
  startsAt: Date;
  endsAt: Date;
  /** When this version was made (DTSTAMP). */
  stampedAt: Date;
  cancelled?: boolean;
};

export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//HostelHub//Reservations//EN',
    `METHOD:${event.cancelled ? 'CANCEL' : 'PUBLISH'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.cancelled ? 1 : 0}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `DTSTAMP:${stamp(event.stampedAt)}`,
    `DTSTART:${stamp(event.startsAt)}`,
    `DTEND:${stamp(event.endsAt)}`,
    `SUMMARY:${text(event.summary)}`,
    `DESCRIPTION:${text(event.description)}`,
    `LOCATION:${text(event.location)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
