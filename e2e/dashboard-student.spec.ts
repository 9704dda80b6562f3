import { expect, test } from './support/test.js';
import { apiTokenFor, callApi, confirmWith, expectTimedDialog, memberWithOwnMeal } from './dashboard-fixtures.js';
import { loginAs } from './support/auth.js';

type MealDetail = { rating: number; reviews_count: number };

test('a student edits and deletes a review and cancels a request', async ({ page, request }) => {
  // A meal and a member of their own: the review and the request are theirs alone.
  const { member, title, mealId } = await memberWithOwnMeal(request, 'Reviewed Risotto', 'Silver');
  const memberToken = await apiTokenFor(request, member);
  await callApi(request, memberToken, 'POST', `/add-review?mealId=${mealId}`, { comment: 'Pretty good', rating: 3 });
  await callApi(request, memberToken, 'POST', '/meal-request', { mealId });
  const mealNow = () => callApi<MealDetail>(request, memberToken, 'GET', `/meal/${mealId}`);
  expect(await mealNow()).toMatchObject({ rating: 3, reviews_count: 1 });

  await loginAs(page, member.email, { password: member.password });
  await page.goto('/dashboard/my-reviews');
  const reviewRow = page.getByRole('row').filter({ hasText: title });
  await expect(reviewRow).toContainText('Pretty good');
  await reviewRow.getByRole('button', { name: `Edit your review of ${title}` }).click();
  const editor = page.getByRole('dialog', { name: `Edit your review of ${title}` });
  await expect(editor.getByLabel('3 stars')).toBeChecked();
  await expect(editor.getByLabel('Comment')).toHaveValue('Pretty good');
  await editor.getByLabel('Comment').fill('Even better with parmesan');
  await editor.getByText('★').nth(4).click();
  await editor.getByRole('button', { name: 'Save review' }).click();
  await expectTimedDialog(page, 'Review updated');
  await expect(editor).toBeHidden();
  await expect(reviewRow).toContainText('Even better with parmesan');
  expect(await mealNow()).toMatchObject({ rating: 5, reviews_count: 1 });

  await reviewRow.getByRole('button', { name: `Delete your review of ${title}` }).click();
  await confirmWith(page, 'Yes, delete it');
  await expect(page.getByText('No reviews found.')).toBeVisible();
  expect(await mealNow()).toMatchObject({ rating: 0, reviews_count: 0 });

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Requested Meals' }).click();
  const requestRow = page.getByRole('row').filter({ hasText: title });
  await expect(requestRow).toContainText('pending');
  await requestRow.getByRole('button', { name: `Cancel the request for ${title}` }).click();
  await confirmWith(page, 'Yes, cancel it');
  await expect(requestRow).toContainText('cancelled');
  await expect(requestRow.getByRole('button', { name: /cancel the request/i })).toHaveCount(0);
});
