import {
  formatDayShort,
  formatServingFor,
  formatServingWindow,
  hostelToday,
  placesLeftLabel,
  zoneNote,
} from './serving-format';

describe('serving times on the hostel clock', () => {
  it("shows a window in the hostel's zone, across a daylight-saving change", () => {
    // 12:00 London in summer is 11:00 UTC; in winter 12:00 UTC.
    expect(formatServingWindow('2026-07-01T11:00:00Z', '2026-07-01T13:00:00Z', 'Europe/London')).toBe('12:00–14:00');
    expect(formatServingWindow('2026-11-25T12:00:00Z', '2026-11-25T14:00:00Z', 'Europe/London')).toBe('12:00–14:00');
    expect(formatServingWindow('2026-11-25T12:00:00Z', '2026-11-25T14:00:00Z', 'Asia/Kolkata')).toBe('17:30–19:30');
  });

  it('names the zone only when the browser is elsewhere', () => {
    expect(zoneNote('Europe/London', 'Europe/London')).toBeNull();
    expect(zoneNote('Europe/London', 'America/New_York')).toBe('Times in London time');
    expect(zoneNote('America/New_York', 'Europe/London')).toBe('Times in New York time');
  });

  it('says today, tomorrow or the date of a reservation', () => {
    const now = Date.parse('2026-11-24T23:30:00Z'); // 23:30 in London: still the 24th
    expect(hostelToday('Europe/London', now)).toBe('2026-11-24');
    expect(hostelToday('Asia/Kolkata', now)).toBe('2026-11-25');
    const lunch = (date: string) => ({
      date,
      slot: 'lunch' as const,
      startsAt: `${date}T12:00:00Z`,
      endsAt: `${date}T14:00:00Z`,
    });
    expect(formatServingFor(lunch('2026-11-24'), 'Europe/London', now)).toBe('Lunch today, 12:00–14:00');
    expect(formatServingFor(lunch('2026-11-25'), 'Europe/London', now)).toBe('Lunch tomorrow, 12:00–14:00');
    expect(formatServingFor(lunch('2026-11-27'), 'Europe/London', now)).toBe('Lunch · Fri 27 Nov, 12:00–14:00');
    expect(formatDayShort('2026-11-25')).toBe('Wed 25 Nov');
  });

  it('counts the places left', () => {
    expect(placesLeftLabel(null, 12)).toBeNull();
    expect(placesLeftLabel(5, 2)).toBe('3 places left');
    expect(placesLeftLabel(2, 1)).toBe('1 place left');
    expect(placesLeftLabel(2, 2)).toBe('Fully booked');
  });
});
