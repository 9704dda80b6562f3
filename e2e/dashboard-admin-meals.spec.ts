import { expect, test, type Locator, type Page } from './support/test.js';
import { expectTimedDialog, unique } from './dashboard-fixtures.js';
import { demoUsers, useSavedSignIn } from './support/auth.js';

async function fillMealForm(form: Locator, title: string) {
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Category').selectOption('Dinner');
  await form.getByLabel('Image URL').fill('/images/meals/dinner-2.svg');
  await form.getByLabel(/ingredients/i).fill('Chickpeas, Spinach, Garlic');
  await form.getByLabel('Description').fill('A journey-made stew.');
  await form.getByLabel(/price/i).fill('17.25');
  await form.getByLabel('Distributor name').fill('Spice Route Catering');
  await form.getByLabel('Distributor Email').fill('kitchen@spiceroute.test');
  // Declaring allergens is required; this stew holds none of the 14.
  await form.getByLabel('Contains none of the 14').check();
  await form.getByLabel('Vegan').check();
}

/** Searches /meals for a word only this meal's title has. */
async function expectOnMealsPage(page: Page, word: string, title: string) {
  await page.goto('/meals');
  await page.getByLabel('Search', { exact: true }).fill(word);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

const uniqueWord = () => unique('w').split(' ')[1]!;

test('the admin adds a meal and finds it on /meals', async ({ page }) => {
  const word = uniqueWord();
  const title = `Chickpea Stew ${word}`;
  await useSavedSignIn(page, 'admin');
  await page.goto('/dashboard/add-meals');
  await expect(page.getByLabel('Admin email')).toHaveValue(demoUsers.admin);

  await page.getByRole('button', { name: 'Add Meal' }).click();
  await expect(page.getByText('Title is required')).toBeVisible();
  await expect(page.getByText('Distributor Email is required')).toBeVisible();

  await fillMealForm(page.getByRole('main'), title);
  await page.getByRole('button', { name: 'Add Meal' }).click();
  await expectTimedDialog(page, 'Meal Added Successfully');
  await expect(page.getByLabel('Title')).toHaveValue('');

  await page.getByRole('link', { name: 'All Meals' }).click();
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();
  await expectOnMealsPage(page, word, title);
});

test('the admin adds an upcoming meal and publishes it', async ({ page }) => {
  const word = uniqueWord();
  const title = `Pumpkin Pie ${word}`;
  await useSavedSignIn(page, 'admin');
  await page.goto('/dashboard/add-upcoming-meals');

  await page.getByRole('button', { name: 'Add Upcoming Meal' }).click();
  const modal = page.getByRole('dialog', { name: 'Add Upcoming Meal' });
  await fillMealForm(modal, title);
  await modal.getByRole('button', { name: 'Add Upcoming Meal' }).click();
  await expectTimedDialog(page, 'Upcoming Meal Added Successfully');
  await expect(modal).toBeHidden();
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeVisible();

  await page.goto('/upcoming-meals');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.goto('/dashboard/add-upcoming-meals');
  await page.getByRole('button', { name: `Publish ${title}` }).click();
  await expectTimedDialog(page, 'Meal Published Successful');
  await expect(page.getByRole('cell', { name: title, exact: true })).toBeHidden();

  await expectOnMealsPage(page, word, title);
});
