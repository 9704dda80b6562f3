// The site's plain-code formatters (written out so a page makes no Intl formatter while it is
// taken over) against Intl's own output, which they stand in for.
import { rememberZoneOffsets, wallClockAsUtc, zoneOffsetSpans } from '@hostelhub/contracts';
import { formatPrice, formatRelativeTime } from './format';
import { formatDayLong, formatDayShort, formatHostelTime, zoneNote } from './serving-format';

const hourMs = 3_600_000;

test('prices read as Intl writes US dollars', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const amounts = [0, 0.5, 2.675, 1.005, 12.5, 999.999, 1000, 1234.5, 1e6, 123456789.12, -3, -0.001, -1234.56];
  for (const amount of amounts) expect(formatPrice(amount), String(amount)).toBe(intl.format(amount));
});

test("days read as Intl's en-GB writes them, every month and weekday", () => {
  const short = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const long = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  for (let day = 0; day < 366; day += 5) {
    const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
    const midnight = new Date(`${date}T00:00:00Z`);
    expect(formatDayShort(date)).toBe(short.format(midnight).replace(',', ''));
    expect(formatDayLong(date)).toBe(long.format(midnight).replace(',', ''));
  }
});

describe("a zone's offsets handed to the page", () => {
  // Spans taken in this process for both daylight-saving changes of 2026 in London, and
  // Lord Howe's half-hour change, then compared with Intl every 20 minutes across them.
  const cases: [string, number, number][] = [
    ['Europe/London', Date.parse('2026-03-20T00:00:00Z'), Date.parse('2026-11-05T00:00:00Z')],
    ['Australia/Lord_Howe', Date.parse('2026-03-30T00:00:00Z'), Date.parse('2026-04-10T00:00:00Z')],
  ];
  it.each(cases)('%s: each wall-clock time as Intl gives it', (timeZone, from, to) => {
    const intl = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const expected = (instant: number) => intl.format(new Date(instant));
    const spans = zoneOffsetSpans(timeZone, from, to);
    expect(spans.length).toBeGreaterThan(1);
    // Remembered with each span's offset wrong by an hour first: a test that reads Intl rather
    // than the spans would not see it.
    rememberZoneOffsets(
      timeZone,
      spans.map((span) => ({ ...span, offsetMs: span.offsetMs + hourMs })),
    );
    expect(formatHostelTime(new Date(from).toISOString(), timeZone)).not.toBe(expected(from));
    rememberZoneOffsets(timeZone, spans);
    for (let instant = from; instant < to; instant += 20 * 60_000) {
      expect(formatHostelTime(new Date(instant).toISOString(), timeZone), new Date(instant).toISOString()).toBe(
        expected(instant),
      );
    }
    // Outside the spans, the zone's formatter answers.
    expect(formatHostelTime(new Date(to + 30 * 24 * hourMs).toISOString(), timeZone)).toBe(
      expected(to + 30 * 24 * hourMs),
    );
    expect(wallClockAsUtc(to + 1000, timeZone) - (to + 1000)).toBe(wallClockAsUtc(to, timeZone) - to);
    rememberZoneOffsets(timeZone, []);
  });
});

test("relative times read as Intl's en RelativeTimeFormat (numeric: auto) writes them", () => {
  const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  const now = Date.parse('2026-06-15T12:00:00Z');
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 24 * 3600],
    ['month', 30 * 24 * 3600],
    ['week', 7 * 24 * 3600],
    ['day', 24 * 3600],
    ['hour', 3600],
    ['minute', 60],
  ];
  // Every whole count of every unit either side of now, up to the next unit's size.
  units.forEach(([unit, size], index) => {
    const largest = index === 0 ? 30 : Math.floor((units[index - 1]![1] - 1) / size);
    for (let count = 1; count <= largest; count += 1) {
      for (const sign of [-1, 1]) {
        const iso = new Date(now + sign * count * size * 1000).toISOString();
        expect(formatRelativeTime(iso, now)).toBe(intl.format(sign * count, unit));
      }
    }
  });
  expect(formatRelativeTime(new Date(now - 20_000).toISOString(), now)).toBe('just now');
});

describe('the zone note with offsets handed to the page', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  afterEach(() => {
    rememberZoneOffsets('Europe/London', []);
    vi.restoreAllMocks();
  });

  it('says nothing where the browser keeps the hostel’s offsets, and names the zone where not', () => {
    rememberZoneOffsets('Europe/London', zoneOffsetSpans('Europe/London', now, now + 90 * 24 * hourMs));
    // British Summer Time throughout the spans: UTC+1, which getTimezoneOffset calls -60.
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-60);
    expect(zoneNote('Europe/London')).toBeNull();
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(240);
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'America/New_York',
    });
    expect(zoneNote('Europe/London')).toBe('Times in London time');
  });
});

describe('formatters made on first use', () => {
  const DateTimeFormat = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = DateTimeFormat;
  });

  it('makes no Intl formatter as the shared formatting modules load, only when a month is shown', async () => {
    vi.resetModules();
    let made = 0;
    Intl.DateTimeFormat = new Proxy(DateTimeFormat, {
      construct(target, args: ConstructorParameters<typeof DateTimeFormat>) {
        made += 1;
        return new target(...args);
      },
    });
    // lib/format.ts ships with every public page, and format-month.ts beside it on some: the
    // first formatter loads the locale's data in one long task while the page is taken over.
    await import('./format');
    const { formatMonth } = await import('./format-month');
    expect(made).toBe(0);
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('2026-12')).toBe('December 2026');
    expect(made).toBe(1);
  });
});
