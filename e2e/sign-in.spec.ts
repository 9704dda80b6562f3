import { expect, test } from './support/test.js';
import { accountMenuButton, expectSignedOut, loginAs, uniqueEmail } from './support/auth.js';
import { confirmDialog } from './support/dialogs.js';
import { installGoogleApiStandIn } from './support/google-api-stand-in.js';

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

test('an expired or refused token logs the user out', async ({ page }) => {
  // A visitor's request asks for a login first, which then returns to the meal.
  await page.goto('/meal/meal-02');
  await expect(page.getByRole('heading', { level: 1, name: 'Avocado Toast Deluxe' })).toBeVisible();
  await page.getByRole('button', { name: 'Request Meal' }).click();
  await loginAs(page, 'student@hostelhub.test', { alreadyOnPage: true });
  await expect(page).toHaveURL(/\/meal\/meal-02$/);
  await page.evaluate(() => localStorage.setItem('token', 'expired.or.garbage'));
  await page.getByRole('button', { name: 'Request Meal' }).click();
  await confirmDialog(page, 'Your session has ended', 'Please log in again.');
  await expectSignedOut(page);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
