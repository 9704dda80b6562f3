// A journey about the time of day (a serving open now, a pass served at the counter) runs at a
// fixed hostel time instead of waiting for the hour it needs: the browser's clock is fixed with
// Playwright's clock, and the API's with the header the emulators honour (and nothing else
// does: functions/src/lib/clock.ts, ADR 0058).
import type { BrowserContext } from '@playwright/test';

/** functions/src/lib/clock.ts emulatorClockHeader. */
export const emulatorClockHeader = 'x-emulator-clock';

/** Seconds since midnight on `timeZone`'s wall clock at `instant`. */
function wallClockSeconds(instant: Date, timeZone: string): number {
  const [hours, minutes, seconds] = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .format(instant)
    .split(':')
    .map(Number);
  return hours! * 3600 + minutes! * 60 + seconds!;
}

/**
 * The latest midday on the hostel's clock, never ahead of the real one: a serving planned
 * 00:00-23:59 "today" is open for hours either side of it, and sign-in tokens the emulators
 * issue on the real clock are never ahead of the browser's. (Across a change of the clocks
 * this lands an hour off 12:00, still mid-day.)
 */
export async function hostelMidday(baseURL: string): Promise<Date> {
  const response = await fetch(`${baseURL}/api/menu?days=1`);
  if (!response.ok) throw new Error(`GET /api/menu answered ${response.status}`);
  const { timeZone } = (await response.json()) as { timeZone: string };
  const now = new Date();
  let sinceMidday = wallClockSeconds(now, timeZone) - 12 * 3600;
  if (sinceMidday < 0) sinceMidday += 24 * 3600;
  return new Date(Math.floor(now.getTime() / 1000 - sinceMidday) * 1000);
}

/** The browser context's clock fixed at `at`, and the site's API calls from it run at `at`. */
export async function keepHostelTime(context: BrowserContext, baseURL: string, at: Date) {
  await context.clock.setFixedTime(at);
  await context.route(`${baseURL}/api/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), [emulatorClockHeader]: at.toISOString() } }),
  );
}

/** Headers for an API client (Playwright's `request`) whose calls run at `at`. */
export const hostelTimeHeaders = (at: Date): Record<string, string> => ({ [emulatorClockHeader]: at.toISOString() });
