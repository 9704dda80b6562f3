// The public pages arrive whole: the pages built ahead (web/scripts/prerender.mjs) with their
// header, headings and static text, and the pages rendered per request with their data
// (functions/src/features/pages, e2e/server-rendered-pages.spec.ts), all without JavaScript.
import { demoPassword, demoUsers, expectSignedIn } from './support/auth.js';
import { confirmDialog } from './support/dialogs.js';
import { footerPages } from './support/footer-pages.js';
import { expect, test } from './support/test.js';

const pages: [string, string][] = [
  ['/', 'Fuel Your Day with Delicious Hostel Meals'],
  ['/meals', 'All Meals'],
  ['/upcoming-meals', 'Upcoming Meals'],
  ['/menu', 'The menu'],
  ['/login', 'Login'],
  ['/register', 'Register'],
  ...footerPages,
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
  // The footer's pages are whole without JavaScript: their text and their links.
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 2, name: 'Payments' })).toBeVisible();
  await expect(page).toHaveTitle('Privacy Policy · HostelHub');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  // A meal's page, with the meal in it.
  const meal = (
    (await (await page.request.get('/api/meals?limit=1')).json()) as { meals: { title: string; _id: string }[] }
  ).meals[0]!;
  await page.goto(`/meal/${meal._id}`);
  await expect(page.getByRole('heading', { level: 1, name: meal.title })).toBeVisible();
  await context.close();
});

test('what a visitor types into the login form before the site runs is kept, and the form cannot submit itself', async ({
  page,
}) => {
  // Hold the main bundle back, so the prerendered form is what the visitor types into.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not waiting for "load": that waits for the held bundle.
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await page.getByLabel('Email').fill(demoUsers.student);
  await page.getByLabel('Password').fill(demoPassword);
  await page.getByLabel('Password').press('Enter');
  await page.getByRole('button', { name: 'Login', exact: true }).dispatchEvent('click');
  // Nothing was sent: the address has no query (no password in it).
  await expect(page).toHaveURL(/\/login$/);

  release();
  await expect(page.getByRole('button', { name: 'Login', exact: true })).not.toHaveAttribute('aria-disabled');
  await expect(page.getByLabel('Email')).toHaveValue(demoUsers.student);
  await expect(page.getByLabel('Password')).toHaveValue(demoPassword);
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await confirmDialog(page, 'Welcome back', 'You login successfully');
  await expectSignedIn(page);
});
