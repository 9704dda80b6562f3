import { expect, test, type Page } from './support/test.js';

const mealCards = (page: Page) => page.getByRole('main').getByRole('listitem').getByRole('article');
const titles = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading').allTextContents();

test('a visitor browses categories on the home page', async ({ page }) => {
  await page.goto('/');
  const tabs = page.getByRole('tablist', { name: 'Meal categories' });
  await expect(tabs.getByRole('tab', { name: 'All Meals' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Dinner' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Spaghetti Bolognese' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Fluffy Pancake Stack' })).toHaveCount(0);
  await panel.getByRole('link', { name: 'View Details: Spaghetti Bolognese' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Spaghetti Bolognese' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Parmesan' })).toBeVisible();
});

test('a visitor finds meals by a plural, and by words of their descriptions and ingredients', async ({ page }) => {
  await page.goto('/meals?search=pancakes');
  await expect.poll(() => titles(page)).toEqual(['Fluffy Pancake Stack']);
  await expect(page.getByText('No more meals to load.')).toBeVisible();

  // Smoked salmon is in the platter's description and ingredients, not its title.
  await page.getByLabel('Search', { exact: true }).fill('smoked salmon');
  await expect.poll(() => titles(page)).toEqual(['Chef Breakfast Platter']);
  await page.getByLabel('Search', { exact: true }).fill('salmon');
  await expect
    .poll(() => titles(page).then((list) => list.sort()))
    .toEqual(['Chef Breakfast Platter', 'Salmon Poke Bowl']);
});

test('a visitor searches from the home page, filters, and scrolls to the end of /meals', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search for meals' }).fill('chicken');
  await page.getByRole('button', { name: 'Search' }).click();

  await expect(page).toHaveURL(/\/meals\?search=chicken$/);
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('chicken');
  await expect
    .poll(() => titles(page).then((list) => list.sort()))
    .toEqual(['Chicken Curry Night', 'Chicken Tikka Wrap', 'Grilled Chicken Salad']);
  await expect(page.getByText('No more meals to load.')).toBeVisible();

  await page.getByLabel('Category').selectOption('Lunch');
  await page.getByLabel('Price range').selectOption({ label: '$30-$60' });
  await expect(page).toHaveURL(/category=Lunch/);
  await expect(page).toHaveURL(/priceRange=30-60/);
  await expect.poll(() => titles(page)).toEqual(['Chicken Tikka Wrap']);

  await page.getByLabel('Search', { exact: true }).fill('');
  await expect
    .poll(() => titles(page).then((list) => list.sort()))
    .toEqual(['Chicken Tikka Wrap', 'Pho Noodle Soup', 'Salmon Poke Bowl']);

  await page.getByLabel('Search', { exact: true }).fill('zzz nothing');
  await expect(page.getByText('No Meals Found')).toBeVisible();

  // Every filter off: 24 demo meals, six per page, loaded as the visitor scrolls.
  await page.goto('/meals');
  await expect(mealCards(page)).toHaveCount(6);
  const end = page.getByText('No more meals to load.');
  for (let scrolls = 0; scrolls < 20 && !(await end.isVisible()); scrolls++) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
  }
  await expect(end).toBeVisible();
  await expect(mealCards(page)).toHaveCount(24);
});

test('a meal opened from deep in /meals starts at the top, and Back returns to where the visitor was', async ({
  page,
}) => {
  // One card a row: a page of six is taller than the window many times over.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/meals');
  await expect(mealCards(page).first()).toBeVisible();
  // Taken over: the page's buttons are live (the server's markup marks them inert until then).
  await expect(page.locator('[data-inert-until-live]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const scrolled = await page.evaluate(() => window.scrollY);
  const link = page.getByRole('link', { name: /^View Details/ }).filter({ visible: true });
  // A card in view: the one whose top is nearest below the top of the window.
  const inView = await link.evaluateAll((links) =>
    links.findIndex((element) => element.getBoundingClientRect().top > 0),
  );
  await link.nth(inView).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(page.url()).toMatch(/\/meal\//);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'All Meals' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 50);
});
