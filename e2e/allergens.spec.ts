// Allergens and diets in Chromium: a member who avoids milk sets it on My Profile, filters
// /meals free from milk and sees no meal with milk (and no undeclared one), and the meal
// page of a meal with milk warns them above Request and asks before requesting.
import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/a11y.js';
import { loginAs } from './support/auth.js';
import { createStudent } from './dashboard-fixtures.js';

test('a member who avoids milk finds meals free from it and is warned on a meal with milk', async ({
  page,
  request,
}) => {
  const member = await createStudent(request, { membership: 'Gold' });
  await loginAs(page, member.email, { password: member.password });

  await page.goto('/dashboard/my-profile');
  const diet = page.getByRole('region', { name: 'My diet' });
  await diet.getByLabel('Milk').check();
  await diet.getByRole('button', { name: 'Save my diet' }).click();
  await expect(page.getByRole('dialog', { name: 'Diet saved' })).toBeVisible();

  await page.goto('/meals');
  await page.getByRole('button', { name: 'Match my profile' }).click();
  await expect(page).toHaveURL(/freeFrom=milk/);
  await expect(page.getByText('Free from: milk')).toBeVisible();
  // Scroll to the end, so every matching meal is on the page.
  await expect(async () => {
    await page.mouse.wheel(0, 5000);
    await expect(page.getByText('No more meals to load.')).toBeVisible({ timeout: 1000 });
  }).toPass();
  const cards = page.getByRole('main').getByRole('article');
  const count = await cards.count();
  expect(count).toBeGreaterThan(3);
  await expect(page.getByText(`${count} meals`)).toBeVisible();
  for (const text of await cards.allTextContents()) {
    expect(text).not.toMatch(/Contains:[^]*milk/);
    expect(text).not.toContain('Allergens not declared');
  }
  // The pancakes (milk) and the tasting menu (undeclared) are left out.
  await expect(page.getByRole('heading', { name: 'Fluffy Pancake Stack' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Lunch Tasting Menu' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, '/meals free from milk');

  await page.goto('/meals?search=pancake');
  await page.getByRole('link', { name: 'View Details: Fluffy Pancake Stack' }).click();
  const warning = page.getByRole('alert');
  await expect(warning).toContainText('Contains milk, which you avoid');
  await expect(page.getByText('Contains gluten, eggs and milk.')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'meal page with a diet warning');

  await page.getByRole('button', { name: 'Request Meal' }).click();
  const confirm = page.getByRole('dialog', { name: 'Check before you order' });
  await expect(confirm).toContainText('Contains milk, which you avoid.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Request Meal' })).toBeVisible();
});
