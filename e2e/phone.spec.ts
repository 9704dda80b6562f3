import { getApps, initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { expect, test, type Locator, type Page } from './support/test.js';
import {
  apiTokenFor,
  callApi,
  expectTimedDialog,
  memberWithOwnMeal,
  insertThroughApi,
  searchRequests,
} from './dashboard-fixtures.js';
import { useSavedSignIn } from './support/auth.js';

// A phone's width (an iPhone 12-15's CSS pixels).
test.use({ viewport: { width: 390, height: 844 } });

const firestore = () => {
  if (getApps().length === 0) initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals' });
  return getFirestore();
};

/** Nothing on the page reaches past the screen's right edge. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    clientWidth: document.scrollingElement!.clientWidth,
  }));
  expect(scrollWidth, 'page width beyond the screen').toBeLessThanOrEqual(clientWidth);
}

/** Presses a card's Serve button once it is wholly on screen with nothing past the right edge. */
async function serveFromCard(page: Page, card: Locator, who: string) {
  const serve = card.getByRole('button', { name: `Serve ${who}` });
  await serve.scrollIntoViewIfNeeded();
  await expect(serve).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await serve.click();
  await expectTimedDialog(page, 'Status updated successful');
}

test('on a phone the admin serves a request from Serve Meals without scrolling sideways', async ({ page, request }) => {
  const { member, title, mealId } = await memberWithOwnMeal(request, 'Phone Curry');
  const memberToken = await apiTokenFor(request, member);
  await callApi(request, memberToken, 'POST', '/meal-request', {
    mealId,
    userEmail: member.email,
    status: 'pending',
  });

  await useSavedSignIn(page, 'admin');
  await page.goto('/dashboard/serve-meals');
  await searchRequests(page, member.email);
  const card = page.getByRole('row').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  // The card shows the request's facts, each under its column's name, and the action in view.
  await expect(card).toContainText(member.name);
  await expect(card).toContainText('pending');
  await serveFromCard(page, card, `${title} to ${member.name}`);
  await expect(card).toContainText('delivered');
  await expectNoSidewaysScroll(page);
});

test('on a phone the admin sees how long each request has waited, serves it from the queue and can undo it', async ({
  page,
  request,
}) => {
  const { member, title, mealId } = await memberWithOwnMeal(request, 'Queue Curry');
  const memberToken = await apiTokenFor(request, member);
  const insertedId = await insertThroughApi(request, memberToken, '/meal-request', {
    mealId,
  });
  // Asked 12 minutes ago: written in the past rather than waited for.
  await firestore()
    .doc(`mealRequests/${insertedId}`)
    .update({ requestedAt: Timestamp.fromMillis(Date.now() - 12 * 60_000 - 5_000) });

  await useSavedSignIn(page, 'admin');
  await page.goto('/dashboard/serve-meals');
  // The queue, without a search: pending requests, each with its waiting time.
  const queue = page.getByRole('table', { name: 'Meal requests waiting to be served' });
  const card = queue.getByRole('row').filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('waiting 12 min');
  await expect(card).toContainText(member.name);
  await serveFromCard(page, card, `${title} to ${member.name}`);
  // The card stays in the queue for a minute as "Served · Undo".
  const undo = card.getByRole('button', { name: `Undo serving ${title} to ${member.name}` });
  await expect(undo).toBeInViewport({ ratio: 1 });
  await expect(card).toContainText('delivered');
  await expectNoSidewaysScroll(page);

  await undo.click();
  await expect(card.getByRole('button', { name: `Serve ${title} to ${member.name}` })).toBeEnabled();
  await expect(card).toContainText('waiting 12 min');
  expect((await firestore().doc(`mealRequests/${insertedId}`).get()).get('status')).toBe('pending');
  await expectNoSidewaysScroll(page);
});

test('every dashboard table fits a phone: the admin pages', async ({ page }) => {
  await useSavedSignIn(page, 'admin');
  for (const path of ['/dashboard/manage-users', '/dashboard/all-meals', '/dashboard/serve-meals']) {
    await page.goto(path);
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect(page.getByRole('table').first().getByRole('row').nth(1)).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
});

test('a fresh load of / after a deep scroll on /meals starts at the top', async ({ page }) => {
  await page.goto('/meals');
  await expect(page.getByRole('heading', { level: 1, name: 'All Meals' })).toBeVisible();
  await expect(page.getByTestId('meal-count')).toBeVisible();
  // Deep down the list, letting a page or two more load.
  for (let step = 0; step < 3; step += 1) {
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(300);
  }
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Meals by Category' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^View Details/ }).first()).toBeVisible();
  // Whatever the site restores happens as the page settles: it stays at the top.
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('on a phone the home page leads on to every meal, and /meals shows its count above the list', async ({ page }) => {
  await page.goto('/');
  const seeAll = page.getByRole('link', { name: 'See all meals' });
  await expect(seeAll).toBeVisible();
  await expectNoSidewaysScroll(page);
  await seeAll.click();
  await expect(page).toHaveURL(/\/meals$/);
  await expect(page.getByTestId('meal-count')).toHaveText(/^\d+ meals/);
  await expect(page.getByTestId('meal-count')).toBeInViewport();
  await expectNoSidewaysScroll(page);
});
