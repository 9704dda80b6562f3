import { expect, test, type Page } from '@playwright/test';
import { demoAdmin, signIn, unique } from './dashboard-fixtures.js';

async function fillMealForm(page: Page, scope: ReturnType<Page['locator']>, title: string) {
  await scope.getByLabel('Title').fill(title);
  await scope.getByLabel('Category').selectOption('Dinner');
  await scope.getByLabel('Image URL').fill('/images/meals/dinner-2.svg');
  await scope.getByLabel(/ingredients/i).fill('Chickpeas, Spinach, Garlic');
  await scope.getByLabel('Description').fill('A journey-made stew.');
  await scope.getByLabel(/price/i).fill('17.25');
  await scope.getByLabel('Distributor name').fill('Spice Route Catering');
  await scope.getByLabel('Distributor Email').fill('kitchen@spiceroute.test');
}

/** Searches /meals for a word only this meal's title has. */
async function findOnMealsPage(page: Page, word: string, title: string) {
  await page.goto('/meals');
  await page.getByRole('searchbox').first().fill(word);
  await page.getByRole('searchbox').first().press('Enter');
  await expect(page.getByText(title)).toBeVisible();
}

test('the admin adds a meal and finds it on /meals', async ({ page }) => {
  const word = unique('stew').split(' ')[1]!;
  const title = `Chickpea Stew ${word}`;
  await signIn(page, demoAdmin);
  await page.goto('/dashboard/add-meals');

  await page.getByRole('button', { name: 'Add Meal' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Distributor Email is required')).toBeVisible();

  await fillMealForm(page, page.getByRole('main'), title);
  await page.getByRole('button', { name: 'Add Meal' }).click();
  await expect(page.getByText('Meal Added Successfully')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('');

  await page.goto('/dashboard/all-meals');
  await expect(page.getByRole('cell', { name: title })).toBeVisible();
  await findOnMealsPage(page, word, title);
});

test('the admin adds an upcoming meal and publishes it', async ({ page }) => {
  const word = unique('pie').split(' ')[1]!;
  const title = `Pumpkin Pie ${word}`;
  await signIn(page, demoAdmin);
  await page.goto('/dashboard/add-upcoming-meals');

  await page.getByRole('button', { name: 'Add Upcoming Meal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Upcoming Meal' });
  await fillMealForm(page, dialog, title);
  await dialog.getByRole('button', { name: 'Add Upcoming Meal' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: title })).toBeVisible();

  await page.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(page.getByText('Meal Published Successful')).toBeVisible();
  await expect(page.getByRole('cell', { name: title })).toBeHidden();

  await findOnMealsPage(page, word, title);
});
