import { expect, test } from '@playwright/test';

test('the site is served by Hosting with the API behind /api', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/HostelHub/);
  const meals = await request.get('/api/health');
  expect(meals.ok()).toBe(true);
});
