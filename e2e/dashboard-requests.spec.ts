import { expect, test } from './support/test.js';
import { expectTimedDialog, memberWithOwnMeal, searchRequests } from './dashboard-fixtures.js';
import { demoUsers, loginAs, useSavedSignIn } from './support/auth.js';

test('a member requests a meal, the admin serves it, the member requests it again: both rows stay in both lists', async ({
  browser,
  request,
}) => {
  // A meal of its own, so no other journey's requests are in the way.
  const { member, title, mealId } = await memberWithOwnMeal(request, 'Served Curry');

  const memberPage = await (await browser.newContext()).newPage();
  await loginAs(memberPage, member.email, { password: member.password });
  await memberPage.goto(`/meal/${mealId}`);
  await memberPage.getByRole('button', { name: 'Request Meal' }).click();
  await expectTimedDialog(memberPage, 'Meal Requested Successfully');

  await memberPage.goto('/dashboard/requested-meal');
  const memberRow = memberPage.getByRole('row').filter({ hasText: title });
  await expect(memberRow).toContainText('pending');

  const adminPage = await (await browser.newContext()).newPage();
  await useSavedSignIn(adminPage, 'admin');
  await adminPage.goto('/dashboard/serve-meals');
  await searchRequests(adminPage, member.email);
  await expect(adminPage.getByRole('row').filter({ hasText: demoUsers.member })).toHaveCount(0);
  const adminRow = adminPage.getByRole('row').filter({ hasText: title });
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow).toContainText(member.name);
  const serve = adminRow.getByRole('button', { name: `Serve ${title} to ${member.name}` });
  await serve.click();
  await expectTimedDialog(adminPage, 'Status updated successful');
  await expect(adminRow).toContainText('delivered');
  // For a minute the row offers to take the serve back.
  await expect(adminRow.getByRole('button', { name: `Undo serving ${title} to ${member.name}` })).toBeEnabled();

  await memberPage.reload();
  await expect(memberRow).toContainText('delivered');
  await expect(memberRow.getByRole('button', { name: /cancel/i })).toHaveCount(0);

  // Requesting the same meal again adds a row: the delivered one stays in both lists.
  await memberPage.goto(`/meal/${mealId}`);
  await memberPage.getByRole('button', { name: 'Request Meal' }).click();
  await expectTimedDialog(memberPage, 'Meal Requested Successfully');
  await memberPage.goto('/dashboard/requested-meal');
  await expect(memberRow).toHaveCount(2);
  await expect(memberRow.nth(0)).toContainText('pending');
  await expect(memberRow.nth(1)).toContainText('delivered');

  await adminPage.reload();
  await searchRequests(adminPage, member.email);
  await expect(adminRow).toHaveCount(2);
  await expect(adminRow.nth(0)).toContainText('pending');
  await expect(adminRow.nth(1)).toContainText('delivered');
  await expect(adminRow.nth(1).getByRole('button', { name: `Served ${title} to ${member.name}` })).toBeDisabled();
});
