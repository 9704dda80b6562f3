// Live data in the dashboard (ADR 16): two people in two browsers, no reloads. The API writes
// the request's status and the notification; the open pages follow them from Firestore.
import { getApps, initializeApp } from 'firebase-admin/app';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { expect, test, type Page } from './support/test.js';
import {
  apiTokenFor,
  callApi,
  demoAdmin,
  expectTimedDialog,
  memberWithOwnMeal,
  insertThroughApi,
  searchRequests,
  servingOpenAllDay,
} from './dashboard-fixtures.js';
import { loginAs, useSavedSignIn } from './support/auth.js';

/** How long a change may take to reach an open page. */
const liveWithinMs = 2000;

const firestore = () => {
  if (getApps().length === 0) initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals' });
  return getFirestore();
};

/** Marks the page's document, so a reload (which would drop the mark) cannot pass unnoticed. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { liveMark: string }).liveMark = 'still here'));
}
const expectNotReloaded = async (page: Page) =>
  expect(await page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe('still here');

const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: /^(Live|Live updates paused)$/ });
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

test('a request served in another browser shows as delivered on the open page, and the bell tells the student', async ({
  browser,
  request,
}) => {
  const { member, title, mealId } = await memberWithOwnMeal(request, 'Live Curry');
  const memberToken = await apiTokenFor(request, member);
  const requestId = await insertThroughApi(request, memberToken, '/meal-request', {
    mealId,
  });

  const studentPage = await (await browser.newContext()).newPage();
  await loginAs(studentPage, member.email, { password: member.password });
  await studentPage.goto('/dashboard/requested-meal');
  const row = studentPage.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('pending');
  await expect(liveStatus(studentPage)).toHaveText('Live');
  await expect(bell(studentPage)).toHaveAccessibleName('Notifications');
  await markPage(studentPage);

  const adminPage = await (await browser.newContext()).newPage();
  await useSavedSignIn(adminPage, 'admin');
  await adminPage.goto('/dashboard/serve-meals');
  await searchRequests(adminPage, member.email);
  const served = adminPage.waitForResponse(
    (response) => response.url().endsWith('/api/requested-meal/status/update') && response.ok(),
  );
  await adminPage.getByRole('button', { name: `Serve ${title} to ${member.name}` }).click();
  await served;
  const servedAt = Date.now();

  // Within 2 s of the API's answer, on the page that was already open.
  await expect(row).toContainText('delivered', { timeout: liveWithinMs });
  await expect(bell(studentPage)).toHaveAccessibleName('Notifications, 1 unread', {
    timeout: Math.max(1, liveWithinMs - (Date.now() - servedAt)),
  });
  await expectNotReloaded(studentPage);
  await expect(row.getByRole('button', { name: /cancel/i })).toHaveCount(0);

  // Opening the bell shows the notice as text and marks it read.
  await bell(studentPage).click();
  const panel = studentPage.getByRole('region', { name: 'Notifications' });
  const item = panel.getByRole('listitem').filter({ hasText: 'Your meal is served' });
  await expect(item).toContainText(`${title} has been delivered.`);
  await expect(item).toContainText('New');
  await expect(bell(studentPage)).toHaveAccessibleName('Notifications');
  await expect(studentPage.getByTestId('bell-badge')).toHaveCount(0);
  await studentPage.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell(studentPage)).toBeFocused();

  // Stored read (by the rules' one allowed write), so it stays read after a reload.
  const notification = firestore().doc(`users/${member.uid}/notifications/request-served-${requestId}`);
  await expect.poll(async () => (await notification.get()).get('readAt') instanceof Timestamp).toBe(true);
  await studentPage.reload();
  await expect(row).toContainText('delivered');
  await bell(studentPage).click();
  await expect(panel.getByRole('listitem').filter({ hasText: 'Your meal is served' })).toBeVisible();
  await studentPage.keyboard.press('Escape');
  // Opened again once the list is loaded: nothing is unread, so nothing is marked New.
  await bell(studentPage).click();
  await expect(panel.getByRole('listitem').filter({ hasText: 'Your meal is served' })).not.toContainText('New');
  await expect(bell(studentPage)).toHaveAccessibleName('Notifications');
});

test("a new request appears on the admin's open Serve Meals page, and in the admin's count of waiting requests", async ({
  browser,
  request,
}) => {
  const { member, title, mealId } = await memberWithOwnMeal(request, 'Live Curry');

  const adminPage = await (await browser.newContext()).newPage();
  await useSavedSignIn(adminPage, 'admin');
  await adminPage.goto('/dashboard/serve-meals');
  // The queue (a Gold member's request joins it among the priority ones) and the history below it.
  const queue = adminPage.getByRole('table', { name: 'Meal requests waiting to be served' });
  const history = adminPage.getByRole('table', { name: 'Served and cancelled meal requests, newest first' });
  await expect(history.getByRole('row').nth(1)).toBeVisible();
  await expect(liveStatus(adminPage)).toHaveText('Live');
  await expect(bell(adminPage)).toHaveAccessibleName(/requests? waiting|^Notifications$/);
  await markPage(adminPage);

  const studentPage = await (await browser.newContext()).newPage();
  await loginAs(studentPage, member.email, { password: member.password });
  await studentPage.goto(`/meal/${mealId}`);
  await studentPage.getByRole('button', { name: 'Request Meal' }).click();
  await expectTimedDialog(studentPage, 'Meal Requested Successfully');

  const row = queue.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(member.name, { timeout: liveWithinMs });
  await expect(row).toContainText('pending');
  await expect(row).toContainText('waiting under 1 min');
  await expect(row.getByRole('button', { name: `Serve ${title} to ${member.name}` })).toBeEnabled();
  // The count is the hostel's: journeys running beside this one serve and make requests too.
  // The bell follows the stored count, which now holds the new request.
  await expect
    .poll(async () => {
      const stored = await firestore().collection('mealRequests').where('status', '==', 'pending').count().get();
      const label = (await bell(adminPage).getAttribute('aria-label')) ?? '';
      return label.endsWith(`, ${stored.data().count} request${stored.data().count === 1 ? '' : 's'} waiting`);
    })
    .toBe(true);
  await expectNotReloaded(adminPage);
});

test('a dropped connection pauses live updates quietly, and they resume when it is back', async ({
  browser,
  request,
}) => {
  const { member, title, mealId } = await memberWithOwnMeal(request, 'Live Curry');
  const memberToken = await apiTokenFor(request, member);
  await callApi(request, memberToken, 'POST', '/meal-request', { mealId });

  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, member.email, { password: member.password });
  await page.goto('/dashboard/requested-meal');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('pending');
  await expect(liveStatus(page)).toHaveText('Live');
  await markPage(page);

  await context.setOffline(true);
  await expect(liveStatus(page)).toHaveText('Live updates paused', { timeout: 15_000 });
  // The rest of the page keeps working: the rows stay.
  await expect(row).toContainText('pending');

  // Served while this browser is offline: the page catches up when it is back.
  const adminToken = await apiTokenFor(request, demoAdmin);
  const requests = await firestore().collection('mealRequests').where('userUid', '==', member.uid).get();
  await callApi(request, adminToken, 'PATCH', '/requested-meal/status/update', { id: requests.docs[0]!.id });
  await context.setOffline(false);
  await expect(liveStatus(page)).toHaveText('Live', { timeout: 15_000 });
  await expect(row).toContainText('delivered');
  await expectNotReloaded(page);
});

test('the meal pass starts no live data; the next page’s bell and list go live', async ({ browser, request }) => {
  const { member, adminToken, title, mealId } = await memberWithOwnMeal(request, 'Quiet Pass Stew');
  const { servingId } = await servingOpenAllDay(request, adminToken, mealId, 'dinner', new Date());
  const memberToken = await apiTokenFor(request, member);
  await insertThroughApi(request, memberToken, '/meal-request', { mealId, servingId });

  const page = await (await browser.newContext()).newPage();
  await loginAs(page, member.email, { password: member.password });
  // Every Firestore listener of the page: its channel to the Firestore emulator.
  const listens: string[] = [];
  page.on('request', (sent) => {
    if (/google\.firestore\.v1\.Firestore\/(Listen|Write)/.test(sent.url())) listens.push(sent.url());
  });
  await page.goto('/dashboard/meal-pass');
  await expect(page.getByTestId('meal-pass-code')).toHaveText(/^[2-9A-Z]{3} [2-9A-Z]{3}$/);
  await expect(page.getByRole('img', { name: `Meal pass QR code for ${title}` })).toBeVisible();
  // Long enough for a listener to have started had the page asked for one.
  await page.waitForTimeout(1500);
  expect(listens).toEqual([]);
  await expect(bell(page)).toHaveCount(0);

  await page.getByRole('link', { name: 'Requested Meals' }).click();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('pending');
  await expect(liveStatus(page)).toHaveText('Live');
  // The reservation's confirmation is the member's first notice, read from Firestore.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
  expect(listens.length).toBeGreaterThan(0);
});
