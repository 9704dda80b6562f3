import { expect, test } from './support/test.js';

test('the site is served by Hosting with the API behind /api', async ({ page, request }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/HostelHub/);
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
});

test('an unknown path shows the 404 page inside the site layout', async ({ page }) => {
  await page.goto('/no-such-page/anywhere');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Us' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Fuel Your Day with Delicious Hostel Meals' })).toBeVisible();
});
