// A resident's rights (ADR 75): a member downloads everything kept about them from My Profile,
// then closes their account with their password and can no longer sign in.
import { readFileSync } from 'node:fs';
import { expect, test } from './support/test.js';
import { apiTokenFor, insertThroughApi, memberWithOwnMeal, servingOpenAllDay } from './dashboard-fixtures.js';
import { expectSignedOut, loginAs } from './support/auth.js';
import { confirmDialog } from './support/dialogs.js';

// The reservation needs a serving open today before its cutoff: the journey runs at a fixed hour.
test.use({ atMonthEnd: true });

test('a member downloads their data, closes their account and can no longer sign in', async ({
  page,
  request,
  hostelNow,
}) => {
  const { member, adminToken, mealId } = await memberWithOwnMeal(request, 'Exported Stew');
  const { servingId } = await servingOpenAllDay(request, adminToken, mealId, 'dinner', hostelNow);
  const memberToken = await apiTokenFor(request, member);
  const reservationId = await insertThroughApi(request, memberToken, '/meal-request', { mealId, servingId });

  await loginAs(page, member.email, { password: member.password });
  // On a phone's width: the section and its dialog fit without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard/my-profile');
  const yourData = page.getByRole('region', { name: 'Your data' });
  await expect(yourData).toBeVisible();
  const fitsTheWidth = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fitsTheWidth()).toBe(true);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    yourData.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^hostelhub-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(readFileSync(await download.path(), 'utf8'));
  expect(file.account.email).toBe(member.email);
  expect(file.profile).toMatchObject({ email: member.email, name: member.name });
  expect(file.mealRequests).toEqual(
    expect.arrayContaining([expect.objectContaining({ _id: reservationId, servingId, status: 'pending' })]),
  );
  await expect(yourData.getByText(`Saved ${download.suggestedFilename()}`)).toBeVisible();

  const apiToken = await page.evaluate(() => localStorage.getItem('token'));
  await yourData.getByRole('button', { name: 'Close my account…' }).click();
  const closing = page.getByRole('dialog', { name: 'Close your account' });
  await expect(closing).toContainText('This cannot be undone.');
  expect(await fitsTheWidth()).toBe(true);
  // The dialog opens on its password field: the rest is done from the keyboard.
  await expect(closing.getByLabel('Your password')).toBeFocused();
  await page.keyboard.type(member.password);
  await page.keyboard.press('Enter');
  await confirmDialog(page, 'Your account is closed');
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(page);

  // The account's API token is refused, and its password opens nothing any more.
  const refused = await request.get('/api/user', { headers: { authorization: `Bearer ${apiToken}` } });
  expect(refused.status()).toBe(401);
  await page.goto('/login');
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await confirmDialog(page, /^(Incorrect email or password\.|No account uses this email address\.)$/);
  await expectSignedOut(page);
});
