import { expect, test } from './support/test.js';
import {
  apiTokenFor,
  callApi,
  createStudent,
  demoAdmin,
  expectTimedDialog,
  mealBody,
  unique,
  insertThroughApi,
} from './dashboard-fixtures.js';
import { loginAs, useSavedSignIn } from './support/auth.js';
import { confirmDialog } from './support/dialogs.js';

test("a Silver member's fourth request of the week is refused with the quota message; the admin sees a Gold member's request marked Priority", async ({
  browser,
  request,
}) => {
  const silver = await createStudent(request, { membership: 'Silver' });
  const gold = await createStudent(request, { membership: 'Gold' });
  const adminToken = await apiTokenFor(request, demoAdmin);
  const mealIds: string[] = [];
  for (let index = 0; index < 4; index++) {
    const insertedId = await insertThroughApi(
      request,
      adminToken,
      '/add-meal',
      mealBody(unique(`Quota Stew ${index}`)),
    );
    mealIds.push(insertedId);
  }

  const silverPage = await (await browser.newContext()).newPage();
  await loginAs(silverPage, silver.email, { password: silver.password });
  for (const mealId of mealIds.slice(0, 3)) {
    await silverPage.goto(`/meal/${mealId}`);
    await silverPage.getByRole('button', { name: 'Request Meal' }).click();
    await expectTimedDialog(silverPage, 'Meal Requested Successfully');
  }
  await silverPage.goto(`/meal/${mealIds[3]}`);
  await expect(silverPage.getByTestId('request-quota')).toContainText('3 of 3 requests used this week');
  await silverPage.getByRole('button', { name: 'Request Meal' }).click();
  await confirmDialog(silverPage, 'You have used your 3 meal requests this week; they reset on Monday');
  await silverPage.goto('/dashboard/my-profile');
  await expect(silverPage.getByTestId('request-quota')).toContainText('3 of 3 requests used this week');

  const goldToken = await apiTokenFor(request, gold);
  await callApi(request, goldToken, 'POST', '/meal-request', { mealId: mealIds[0] });
  const adminPage = await (await browser.newContext()).newPage();
  await useSavedSignIn(adminPage, 'admin');
  await adminPage.goto('/dashboard/serve-meals');
  await adminPage.getByLabel('Search requests').fill(gold.email);
  const goldRow = adminPage.getByRole('row').filter({ hasText: gold.name });
  await expect(goldRow).toHaveCount(1);
  await expect(goldRow).toContainText('Priority');
  await adminPage.getByLabel('Search requests').fill(silver.email);
  const silverRows = adminPage.getByRole('row').filter({ hasText: silver.name });
  await expect(silverRows).toHaveCount(3);
  await expect(silverRows.filter({ hasText: 'Priority' })).toHaveCount(0);
});
