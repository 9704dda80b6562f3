import { expect, type Page } from '@playwright/test';

/** The sweetalert2 dialog currently shown. */
export const dialog = (page: Page) => page.locator('.swal2-popup');

/** Waits for a dialog with this title (and text, when given). */
export async function expectDialog(page: Page, title: string | RegExp, text?: string | RegExp) {
  await expect(dialog(page).locator('.swal2-title')).toHaveText(title);
  if (text !== undefined) await expect(dialog(page).locator('.swal2-html-container')).toHaveText(text);
}

/** Waits for the dialog, then closes it with its OK button. */
export async function confirmDialog(page: Page, title: string | RegExp, text?: string | RegExp) {
  await expectDialog(page, title, text);
  await dialog(page).locator('.swal2-confirm').click();
  await expect(dialog(page)).toBeHidden();
}

/**
 * Watches for a dialog from now on, for one that closes itself (a success toast) and may open
 * before or after what the test waits for: `cameAndWent()` waits until one has opened and no
 * dialog is left on the page.
 */
export async function watchForDialog(page: Page) {
  await page.evaluate(() => {
    const seen = { opened: false };
    (window as unknown as { dialogWatch: typeof seen }).dialogWatch = seen;
    const look = () => {
      if (document.querySelector('.swal2-popup')) seen.opened = true;
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
    look();
  });
  return {
    cameAndWent: () =>
      page.waitForFunction(
        () =>
          (window as unknown as { dialogWatch: { opened: boolean } }).dialogWatch.opened &&
          !document.querySelector('.swal2-container'),
        undefined,
        { timeout: 15_000 },
      ),
  };
}
