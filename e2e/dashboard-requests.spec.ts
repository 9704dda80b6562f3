import { expect, test } from '@playwright/test';
import { apiTokenFor, callApi, createStudent, demoAdmin, mealBody, signIn, unique } from './dashboard-fixtures.js';

test('a member requests a meal, the admin serves it, the member sees it delivered', async ({ browser, request }) => {
  const member = await createStudent({ membership: 'Gold' });
  const adminToken = await apiTokenFor(request, demoAdmin);
  const title = unique('Served Curry');
  const { insertedId: mealId } = await callApi<{ insertedId: string }>(
    request,
    adminToken,
    'POST',
    '/add-meal',
    mealBody(title),
  );

  const memberPage = await (await browser.newContext()).newPage();
  await signIn(memberPage, member);
  await memberPage.goto(`/meal/${mealId}`);
  await memberPage.getByRole('button', { name: /request meal/i }).click();
  await expect(memberPage.getByText('Meal Requested Successfully')).toBeVisible();

  await memberPage.goto('/dashboard/requested-meal');
  const memberRow = memberPage.getByRole('row').filter({ hasText: title });
  await expect(memberRow).toContainText('pending');

  const adminPage = await (await browser.newContext()).newPage();
  await signIn(adminPage, demoAdmin);
  await adminPage.goto('/dashboard/serve-meals');
  await adminPage.getByLabel('Search requests').fill(member.email);
  const adminRow = adminPage.getByRole('row').filter({ hasText: title });
  await expect(adminRow).toHaveCount(1);
  await expect(adminRow).toContainText(member.name);
  const serve = adminRow.getByRole('button', { name: `Serve ${title} to ${member.name}` });
  await serve.click();
  await expect(adminPage.getByText('Status updated successful')).toBeVisible();
  await expect(serve).toBeDisabled();
  await expect(adminRow).toContainText('delivered');

  await memberPage.reload();
  await expect(memberRow).toContainText('delivered');
  await expect(memberRow.getByRole('button', { name: /cancel/i })).toHaveCount(0);
});
