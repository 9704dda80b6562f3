import { escapeText, foldLine, toICalendar } from './icalendar';

const lunch = {
  uid: 'reservation-r1@hostelhub',
  start: new Date('2026-11-25T12:00:00.000Z'),
  end: new Date('2026-11-25T14:00:00.000Z'),
  summary: 'Lunch: Lentil Soup',
};

describe('the iCalendar writer', () => {
  it('writes one event per reservation with UTC times, a UID and CRLF line ends', () => {
    const text = toICalendar([lunch, { ...lunch, uid: 'reservation-r2@hostelhub' }], new Date('2026-11-24T08:30:05Z'));
    const lines = text.split('\r\n');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('DTSTART:20261125T120000Z');
    expect(lines).toContain('DTEND:20261125T140000Z');
    expect(lines).toContain('DTSTAMP:20261124T083005Z');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines.filter((line) => line.startsWith('UID:'))).toEqual([
      'UID:reservation-r1@hostelhub',
      'UID:reservation-r2@hostelhub',
    ]);
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it('escapes backslashes, semicolons, commas and newlines in text', () => {
    expect(escapeText('Rice, beans; a\\b\nnext\r\nline')).toBe('Rice\\, beans\\; a\\\\b\\nnext\\nline');
    const text = toICalendar([{ ...lunch, summary: 'Soup, bread; tea' }]);
    expect(text).toContain('SUMMARY:Soup\\, bread\\; tea\r\n');
  });

  it('folds lines longer than 75 octets without splitting a character', () => {
    const long = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    // Unfolding gives the line back.
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });
});
