// A journey about dates and the time of day (a serving open now, a pass served at the counter,
// this month's numbers) runs at a fixed hostel time instead of waiting for the hour it needs:
// the browser's clock is fixed with Playwright's clock, and the API's with the header the
// emulators honour (and nothing else does: functions/src/lib/clock.ts, ADR 0058).
import type { BrowserContext } from '@playwright/test';
import { addDays, instantOfHostelTime } from '../../packages/contracts/src/hostel-time.js';
import { hostelDate } from '../../packages/contracts/src/quota.js';

/** functions/src/lib/clock.ts emulatorClockHeader. */
export const emulatorClockHeader = 'x-emulator-clock';

/**
 * 23:30 on the last day of last month, on the hostel's clock: late on a month's last evening,
 * where a day, a week and a month all end within the half hour, and never ahead of the real
 * clock (sign-in tokens the emulators issue on the real clock stay valid in the browser). A
 * serving planned 00:00-23:59 that day is still open.
 */
export async function monthEndEvening(baseURL: string): Promise<Date> {
  const response = await fetch(`${baseURL}/api/menu?days=1`);
  if (!response.ok) throw new Error(`GET /api/menu answered ${response.status}`);
  const { timeZone } = (await response.json()) as { timeZone: string };
  const firstOfThisMonth = `${hostelDate(Date.now(), timeZone).slice(0, 7)}-01`;
  return instantOfHostelTime(addDays(firstOfThisMonth, -1), monthEndTime, timeZone);
}

/** The time of day of monthEndEvening. */
export const monthEndTime = '23:30';

/** The browser context's clock fixed at `at`, and the site's API calls from it run at `at`. */
export async function keepHostelTime(context: BrowserContext, baseURL: string, at: Date) {
  await context.clock.setFixedTime(at);
  await context.route(`${baseURL}/api/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), [emulatorClockHeader]: at.toISOString() } }),
  );
}

/** Headers for an API client (Playwright's `request`) whose calls run at `at`. */
export const hostelTimeHeaders = (at: Date): Record<string, string> => ({ [emulatorClockHeader]: at.toISOString() });
