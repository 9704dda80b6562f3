import { expect, test } from './support/test.js';
import {
  apiTokenFor,
  createStudent,
  demoAdmin,
  disableAccount,
  expectTimedDialog,
  mealBody,
  unique,
  insertThroughApi,
} from './dashboard-fixtures.js';
import { accountMenuButton, expectSignedIn, expectSignedOut, loginAs, uniqueEmail } from './support/auth.js';
import { confirmDialog, dialog } from './support/dialogs.js';
import { installGoogleApiStandIn } from './support/google-api-stand-in.js';
import { expiredApiToken } from './support/tokens.js';

test('login fields are required and a wrong password is refused', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('This field is required')).toHaveCount(2);
  await page.getByLabel('Email').fill('student@hostelhub.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await confirmDialog(page, 'Incorrect email or password.');
  await expectSignedOut(page);
});

test('Google sign-in through the emulator pop-up', async ({ page, context }) => {
  await installGoogleApiStandIn(context);
  const email = uniqueEmail('google');
  await page.goto('/login');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Google' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  await popup.locator('#add-account-button').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill('Gina Google');
  await popup.locator('#sign-in').click();

  await confirmDialog(page, 'Welcome back', 'You login successfully');
  await expect(page).toHaveURL(/\/$/);
  await accountMenuButton(page).click();
  await expect(page.getByTestId('account-name')).toHaveText('Gina Google');
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
});

test('an expired stored token is replaced without a word and the action goes through', async ({ page, request }) => {
  const member = await createStudent(request, { membership: 'Gold' });
  const title = unique('Renewed Token Stew');
  const adminToken = await apiTokenFor(request, demoAdmin);
  const mealId = await insertThroughApi(request, adminToken, '/add-meal', mealBody(title));
  await loginAs(page, member.email, { password: member.password });
  await page.goto(`/meal/${mealId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // An hour later, as far as the API is concerned: the stored token has run out.
  const expired = expiredApiToken(member.uid, member.email);
  await page.evaluate((token) => localStorage.setItem('token', token), expired);
  await page.getByRole('button', { name: 'Request Meal' }).click();
  await expectTimedDialog(page, 'Meal Requested Successfully');
  await expectSignedIn(page);
  const stored = await page.evaluate(() => localStorage.getItem('token'));
  expect(stored).not.toBeNull();
  expect(stored).not.toBe(expired);
});

test('a disabled account still ends the session, with the dialog', async ({ page, request }) => {
  const member = await createStudent(request, { membership: 'Gold' });
  await loginAs(page, member.email, { password: member.password });
  await page.goto('/meal/meal-02');
  await expect(page.getByRole('heading', { level: 1, name: 'Avocado Toast Deluxe' })).toBeVisible();

  await disableAccount(member.uid);
  // The stored token runs out too, unless the session has already ended (Firebase's own
  // listeners, the bell's among them, may find out first).
  await page.evaluate(
    (token) => {
      if (localStorage.getItem('token') !== null) localStorage.setItem('token', token);
    },
    expiredApiToken(member.uid, member.email),
  );
  // The next call to the API finds out, whichever comes first: the person's click, or a call
  // the page makes by itself (a refetch, the renewal timer). Either way the dialog follows.
  const sessionEnded = dialog(page).locator('.swal2-title', { hasText: 'Your session has ended' });
  if (!(await sessionEnded.isVisible())) {
    await page
      .getByRole('button', { name: 'Request Meal' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
  }
  await confirmDialog(page, 'Your session has ended', 'Please log in again.');
  await expectSignedOut(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
