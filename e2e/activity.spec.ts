// The audit log (issue 55, ADR 78): an admin changes a meal's price, and the Activity screen
// shows who did it with the price before and after, filtered by kind, and downloads it as CSV.
import { readFileSync } from 'node:fs';
import { apiTokenFor, callApi, demoAdmin, insertThroughApi, mealBody, unique } from './dashboard-fixtures.js';
import { useSavedSignIn } from './support/auth.js';
import { expect, test } from './support/test.js';

test("an admin's price change is on the Activity screen with the price before and after, and in its CSV", async ({
  page,
  request,
}) => {
  const adminToken = await apiTokenFor(request, demoAdmin);
  const title = unique('Audited soup');
  const body = { ...mealBody(title), price: 9.5 };
  const mealId = await insertThroughApi(request, adminToken, '/add-meal', body);
  await callApi(request, adminToken, 'PUT', `/meal/${mealId}`, { ...body, price: 11 });

  await useSavedSignIn(page, 'admin');
  await page.goto('/dashboard/activity');
  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Meal changed' });
  await expect(page).toHaveURL(/kind=meal\.changed/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ada Admin');
  await expect(row).toContainText('Meal changed');
  await expect(row).toContainText('price: 9.5 → 11');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  // Named as the API names it: no days chosen, so no range in the name.
  expect(download.suggestedFilename()).toBe('activity.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('"at","actor","role","kind","target","target id","before","after"');
  expect(csv).toContain(`"${title}","${mealId}","price: 9.5","price: 11"`);
});
