// Every page of the site through axe, as a visitor, a student, a member and an admin: no
// serious or critical violation anywhere (issue 14). Each page is checked once its content
// has loaded, so the check sees what people see, not a spinner.
import { expectNoSeriousA11yViolations } from './support/a11y.js';
import { demoUsers, useSavedSignIn } from './support/auth.js';
import { dialog } from './support/dialogs.js';
import { footerPages } from './support/footer-pages.js';
import { expect, test, type Page } from './support/test.js';
import { stripeStandInScript } from '../web/src/testing/stripe-js-stand-in.js';

// Each journey walks up to a dozen pages through axe; beside the other browser worker on a
// 2-core machine that takes longer than the suite's minute per test.
test.describe.configure({ timeout: 180_000 });

/** Opens `path` and waits for its main heading (and for any loading indicator to go). */
async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // Loading indicators gone; a live list's own status line ("Live") stays, as it should.
  await expect(page.locator('main [role="status"]').filter({ hasNotText: /^Live/ })).toHaveCount(0);
}

/** Visits each page in turn and checks it through axe once its heading is in. */
async function expectPagesAccessible(
  page: Page,
  pages: readonly (readonly [string, string | RegExp])[],
  state?: string,
) {
  for (const [path, heading] of pages) {
    await visit(page, path, heading);
    await expectNoSeriousA11yViolations(page, state);
  }
}

async function anyMealId(page: Page) {
  const response = await page.request.get('/api/meals?limit=1');
  return ((await response.json()) as { meals: { _id: string; title: string }[] }).meals[0]!;
}

test('public pages, as a visitor', async ({ page }) => {
  const meal = await anyMealId(page);
  const pages: [string, string | RegExp][] = [
    ['/', 'Fuel Your Day with Delicious Hostel Meals'],
    ['/meals', 'All Meals'],
    [`/meal/${meal._id}`, meal.title],
    ['/upcoming-meals', 'Upcoming Meals'],
    ['/menu', 'The menu'],
    ['/login', 'Login'],
    ['/register', 'Register'],
    ...footerPages,
    ['/no-such-page', '404'],
  ];
  await expectPagesAccessible(page, pages);
  // A form with its errors shown, then a message dialog (a refused login).
  await visit(page, '/login', 'Login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.locator('.field-error').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'form errors shown');
  await page.getByLabel('Email').fill(demoUsers.student);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(dialog(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'error dialog open');

  // The small-screen menu, open.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, '/', 'Fuel Your Day with Delicious Hostel Meals');
  await page.getByRole('button', { name: 'Site menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'site menu open');
});

test('the student dashboard and the pages a signed-in student sees', async ({ page }) => {
  await useSavedSignIn(page, 'student');
  const meal = await anyMealId(page);
  await visit(page, `/meal/${meal._id}`, meal.title);
  await expectNoSeriousA11yViolations(page, 'signed in');
  await visit(page, '/upcoming-meals', 'Upcoming Meals');
  await expectNoSeriousA11yViolations(page, 'signed in');
  await visit(page, '/menu', 'The menu');
  await expectNoSeriousA11yViolations(page, 'signed in');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'account menu open');
  // The checkout, with its card form (Stripe.js cannot load here: a stand-in answers for it).
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: stripeStandInScript() }),
  );
  await page.goto('/checkout/silver');
  await expect(page.getByRole('heading', { name: 'Silver membership' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const dashboard: [string, string][] = [
    ['/dashboard/my-profile', 'My Profile'],
    ['/dashboard/requested-meal', 'Requested Meals'],
    ['/dashboard/my-reviews', 'My Reviews'],
    ['/dashboard/payment-history', 'Payment History'],
  ];
  await expectPagesAccessible(page, dashboard);
});

test('the member dashboard, with a membership to show', async ({ page }) => {
  await useSavedSignIn(page, 'member');
  await expectPagesAccessible(page, [
    ['/dashboard/my-profile', 'My Profile'],
    ['/dashboard/payment-history', 'Payment History'],
    ['/dashboard/my-leave', 'My Leave'],
  ]);
});

test('the admin dashboard', async ({ page }) => {
  await useSavedSignIn(page, 'admin');
  const dashboard: [string, string | RegExp][] = [
    ['/dashboard/admin-profile', 'Admin Profile'],
    ['/dashboard/manage-users', 'Manage Users'],
    ['/dashboard/add-meals', 'Add Meals'],
    ['/dashboard/all-meals', /All Meals/],
    ['/dashboard/serve-meals', 'Serve Meals'],
    ['/dashboard/add-upcoming-meals', /Upcoming Meals/],
    ['/dashboard/menu-planner', 'Menu Planner'],
    ['/dashboard/kitchen', 'Kitchen'],
    ['/dashboard/leave-queue', 'Leave Queue'],
    ['/dashboard/meal-settings', 'Meal Settings'],
    ['/dashboard/activity', 'Activity'],
  ];
  await expectPagesAccessible(page, dashboard);
});

test.describe('on a phone', () => {
  // Below the tablet width the dashboard's tables are cards and the home page is compact.
  test.use({ viewport: { width: 390, height: 844 } });

  test('the public pages and the admin dashboard at 390 px', async ({ page }) => {
    await expectPagesAccessible(
      page,
      [
        ['/', 'Fuel Your Day with Delicious Hostel Meals'],
        ['/meals', 'All Meals'],
        ['/privacy', 'Privacy Policy'],
        ['/menu', 'The menu'],
      ],
      'phone',
    );
    await useSavedSignIn(page, 'admin');
    await expectPagesAccessible(
      page,
      [
        ['/dashboard/admin-profile', 'Admin Profile'],
        ['/dashboard/manage-users', 'Manage Users'],
        ['/dashboard/all-meals', /All Meals/],
        ['/dashboard/serve-meals', 'Serve Meals'],
        ['/dashboard/menu-planner', 'Menu Planner'],
        ['/dashboard/kitchen', 'Kitchen'],
      ],
      'phone',
    );
  });

  test("leave at 390 px: the admins' queue and settings", async ({ page }) => {
    await useSavedSignIn(page, 'admin');
    await expectPagesAccessible(
      page,
      [
        ['/dashboard/leave-queue', 'Leave Queue'],
        ['/dashboard/meal-settings', 'Meal Settings'],
      ],
      'phone',
    );
  });

  test("leave at 390 px: the member's own", async ({ page }) => {
    await useSavedSignIn(page, 'member');
    await expectPagesAccessible(page, [['/dashboard/my-leave', 'My Leave']], 'phone');
  });
});
