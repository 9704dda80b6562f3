// Every journey runs with a watch on the Content-Security-Policy: a resource or script the
// policy blocks is reported by the page (securitypolicyviolation) and fails the journey, so a
// policy that breaks the site, or markup that tries to run script, cannot pass unnoticed.
import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

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

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await reportViolations(context, violations);
      // Journeys with two people open a context each; those are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = (async (options) => {
        const created = await newContext(options);
        await reportViolations(created, violations);
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
