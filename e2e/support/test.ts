// Every journey runs with a watch on the Content-Security-Policy: a resource or script the
// policy blocks is reported by the page (securitypolicyviolation) and fails the journey, so a
// policy that breaks the site, or markup that tries to run script, cannot pass unnoticed.
import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';
import { hostelTimeHeaders, keepHostelTime, monthEndEvening } from './hostel-clock.js';

async function reportViolations(context: BrowserContext, violations: string[]) {
  await context.exposeFunction('__reportCspViolation', (line: string) => violations.push(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => Promise<void> })
        .__reportCspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} on ${location.pathname}`);
    });
  });
}

type Fixtures = {
  cspViolations: string[];
  /**
   * `test.use({ atMonthEnd: true })`: the journey runs at 23:30 on the last day of last month
   * (support/hostel-clock.ts), in every browser context it opens and in its `request` calls.
   */
  atMonthEnd: boolean;
  /** That fixed instant, or null when the journey runs on the real clock. */
  hostelNow: Date | null;
};

export const test = base.extend<Fixtures>({
  atMonthEnd: [false, { option: true }],
  hostelNow: async ({ atMonthEnd, baseURL }, use) => {
    await use(atMonthEnd ? await monthEndEvening(baseURL!) : null);
  },
  request: async ({ hostelNow, playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: {
        // A fresh connection for every call: a journey that waits a few seconds between calls
        // (a dropped connection, a clock) would otherwise send its next call on a kept-alive
        // socket the emulator may be closing at that moment, and read ECONNRESET.
        connection: 'close',
        ...(hostelNow === null ? {} : hostelTimeHeaders(hostelNow)),
      },
    });
    await use(request);
    await request.dispose();
  },
  context: async ({ context, hostelNow, baseURL }, use) => {
    if (hostelNow !== null) await keepHostelTime(context, baseURL!, hostelNow);
    await use(context);
  },
  cspViolations: [
    async ({ context, browser, hostelNow, baseURL }, use) => {
      const violations: string[] = [];
      await reportViolations(context, violations);
      // Journeys with two people open a context each; those are watched too (and keep the
      // journey's hostel time, if it has one).
      const newContext = browser.newContext.bind(browser);
      browser.newContext = (async (options) => {
        const created = await newContext(options);
        await reportViolations(created, violations);
        if (hostelNow !== null) await keepHostelTime(created, baseURL!, hostelNow);
        return created;
      }) as Browser['newContext'];
      await use(violations);
      browser.newContext = newContext;
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { APIRequestContext, Locator, Page } from '@playwright/test';
