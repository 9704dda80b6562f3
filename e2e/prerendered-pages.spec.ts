// The public pages arrive prerendered (web/scripts/prerender.mjs): their header, headings and
// static text show without any JavaScript, and once the site runs it asks the API for each
// first read once, taking the answers the page's HTML asked for early.
import { expect, test } from './support/test.js';

const pages: [string, string][] = [
  ['/', 'Fuel Your Day with Delicious Hostel Meals'],
  ['/meals', 'All Meals'],
  ['/upcoming-meals', 'Upcoming Meals'],
  ['/login', 'Login'],
  ['/register', 'Register'],
];

test('each public page shows its header, heading and footer before any JavaScript runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
    await expect(page.getByRole('contentinfo')).toContainText('HostelHub');
  }
  // A meal's page: its loading view, the same for every meal.
  await page.goto('/meal/any-meal');
  await expect(page.getByRole('status')).toHaveText('Loading the meal');
  await context.close();
});

test("a visitor's page asks the API for each first read once", async ({ page }) => {
  const meal = ((await (await page.request.get('/api/meals?limit=1')).json()) as { meals: { _id: string }[] })
    .meals[0]!;
  for (const path of ['/', '/meals', '/upcoming-meals', `/meal/${meal._id}`]) {
    const asked: string[] = [];
    const listener = (request: { url: () => string }) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) asked.push(request.url());
    };
    page.on('request', listener);
    await page.goto(path);
    await expect(page.locator('main [role="status"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    page.off('request', listener);
    expect(asked.length, `${path} asked the API`).toBeGreaterThan(0);
    expect(asked, `${path} asked for the same thing twice`).toEqual([...new Set(asked)]);
  }
});
