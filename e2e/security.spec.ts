import { confirmWith, createStudent, expectTimedDialog, unique } from './dashboard-fixtures.js';
import { useSavedSignIn } from './support/auth.js';
import { dialog, expectDialog } from './support/dialogs.js';
import { expect, test, type Page } from './support/test.js';

const markup = '<img src=x onerror="document.body.dataset.pwned=1">';

const scriptRan = (page: Page) => page.evaluate(() => document.body.dataset.pwned !== undefined);

test('a user named with markup is shown as text to the admin who makes them an admin, and no script runs', async ({
  page,
  request,
}) => {
  const name = `${unique('Eve')}${markup}`;
  const student = await createStudent(request, { name });

  await useSavedSignIn(page, 'admin');
  await page.goto('/dashboard/manage-users');
  await page.getByLabel('Search users').fill(student.email);
  const row = page.getByRole('row').filter({ hasText: student.email });
  await expect(row).toContainText(name);

  await row.getByRole('button', { name: `Make Admin: ${name}` }).click();
  await expectDialog(page, 'Make this user an admin?', `${name} (${student.email}) will get every admin page.`);
  await expect(dialog(page).locator('img:not(.swal2-image)')).toHaveCount(0);
  await confirmWith(page, 'Yes, make admin');

  await expectDialog(page, `${name} is now an admin`);
  await expect(dialog(page).locator('.swal2-title img')).toHaveCount(0);
  expect(await scriptRan(page)).toBe(false);
  await expectTimedDialog(page, `${name} is now an admin`);
  expect(await scriptRan(page)).toBe(false);
});

test('the site is served with a Content-Security-Policy and the other security headers', async ({ page }) => {
  const response = await page.goto('/');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The counter scans passes with the camera (this site only); nothing else may ask for it.
  expect(headers['permissions-policy']).toContain('camera=(self)');
  expect(headers['permissions-policy']).toContain('microphone=()');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('script injected into a page is blocked by the policy and reported', async ({ page, cspViolations }) => {
  await page.goto('/');
  await page.evaluate((html) => {
    document.body.insertAdjacentHTML('beforeend', html);
  }, markup);
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await scriptRan(page)).toBe(false);
  // The violation was the point of this journey; the watch must not fail it.
  cspViolations.length = 0;
});
