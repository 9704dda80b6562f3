import { expect, type Page } from '@playwright/test';

/**
 * Waits until the site's service worker (ADR 79) has installed, its files precached, and
 * controls the page: a page opened before the worker was active is controlled from its next load.
 */
export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
