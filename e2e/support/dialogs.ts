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
