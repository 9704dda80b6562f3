import { expect, test } from '@playwright/test';
import { apiTokenFor, callApi, createStudent, demoAdmin, mealBody, signIn, unique } from './dashboard-fixtures.js';

type MealDetail = { rating: number; reviews_count: number };

test('a student edits and deletes a review and cancels a request', async ({ page, request }) => {
  const member = await createStudent({ membership: 'Silver' });
  const adminToken = await apiTokenFor(request, demoAdmin);
  const memberToken = await apiTokenFor(request, member);
  const title = unique('Reviewed Risotto');
  const { insertedId: mealId } = await callApi<{ insertedId: string }>(
    request,
    adminToken,
    'POST',
    '/add-meal',
    mealBody(title),
  );
  await callApi(request, memberToken, 'POST', `/add-review?mealId=${mealId}`, { comment: 'Pretty good', rating: 3 });
  await callApi(request, memberToken, 'POST', '/meal-request', { mealId });
  const mealNow = () => callApi<MealDetail>(request, memberToken, 'GET', `/meal/${mealId}`);
  expect(await mealNow()).toMatchObject({ rating: 3, reviews_count: 1 });

  await signIn(page, member);
  await page.goto('/dashboard/my-reviews');
  const reviewRow = page.getByRole('row').filter({ hasText: title });
  await expect(reviewRow).toContainText('Pretty good');
  await reviewRow.getByRole('button', { name: `Edit your review of ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit your review of ${title}` });
  await expect(dialog.getByLabel('Comment')).toHaveValue('Pretty good');
  await dialog.getByLabel('Comment').fill('Even better with parmesan');
  await dialog.getByText('★').nth(4).click();
  await dialog.getByRole('button', { name: 'Save review' }).click();
  await expect(dialog).toBeHidden();
  await expect(reviewRow).toContainText('Even better with parmesan');
  expect(await mealNow()).toMatchObject({ rating: 5, reviews_count: 1 });

  await reviewRow.getByRole('button', { name: `Delete your review of ${title}` }).click();
  await page.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page.getByText('No reviews found.')).toBeVisible();
  expect(await mealNow()).toMatchObject({ rating: 0, reviews_count: 0 });

  await page.getByRole('link', { name: 'Requested Meals' }).click();
  const requestRow = page.getByRole('row').filter({ hasText: title });
  await expect(requestRow).toContainText('pending');
  await requestRow.getByRole('button', { name: `Cancel the request for ${title}` }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(requestRow).toContainText('cancelled');
  await expect(requestRow.getByRole('button', { name: /cancel the request/i })).toHaveCount(0);
});
