// The pass with no signal (ADR 79): a member visits once with a connection; with none, the meal
// pass, the menu and their requests open from the service worker and the answers kept on the
// phone, each marked offline; back online, the counter serves that pass once and refuses it
// the second time. And Chromium finds the site installable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumFlags } from '../scripts/lib/chromium-flags.mjs';
import { expect, test } from './support/test.js';
import { demoPassword, demoUsers, loginAs, logOut } from './support/auth.js';
import { apiTokenFor, insertThroughApi, memberWithOwnMeal, servingOpenAllDay } from './dashboard-fixtures.js';
import { controlledByServiceWorker } from './support/service-worker.js';

// This file's browsers run the site's service worker (the others block it).
test.use({ serviceWorkers: 'allow' });

test("a member's pass, menu and requests open with no signal, and the counter serves that pass once", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { member, adminToken, title, mealId } = await memberWithOwnMeal(request, 'Offline Stew');
  // Open all day today on the real clock: its pass may be shown now.
  const { servingId } = await servingOpenAllDay(request, adminToken, mealId, 'dinner', new Date());
  const memberToken = await apiTokenFor(request, member);
  await insertThroughApi(request, memberToken, '/meal-request', { mealId, servingId });

  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginAs(page, member.email, { password: member.password });
  // One visit with a connection: the worker installs, and each page's answers are kept.
  await page.goto('/dashboard/meal-pass');
  await controlledByServiceWorker(page);
  const code = page.getByTestId('meal-pass-code');
  await expect(code).toHaveText(/^[2-9A-Z]{3} [2-9A-Z]{3}$/);
  await page.goto('/menu');
  await expect(page.getByText(title).first()).toBeVisible();
  await page.goto('/dashboard/requested-meal');
  await expect(page.getByRole('cell', { name: title }).first()).toBeVisible();
  // The kept answers are written half a second after they arrive.
  await page.waitForTimeout(1000);

  await context.setOffline(true);
  await page.goto('/dashboard/meal-pass');
  const offlineMark = page.getByRole('status').filter({ hasText: /^Offline · last updated \d\d:\d\d$/ });
  await expect(offlineMark).toBeVisible();
  await expect(code).toHaveText(/^[2-9A-Z]{3} [2-9A-Z]{3}$/);
  await expect(page.getByRole('img', { name: `Meal pass QR code for ${title}` })).toBeVisible();
  // Drawn (by the page's worker, ADR 85), not its placeholder: the finder pattern's top row
  // is the path's first rectangle, inside the quiet zone.
  await expect(page.getByTestId('meal-pass-qr').locator('path')).toHaveAttribute('d', /^M4 4h7v1h-7z/);
  await page.screenshot({ path: test.info().outputPath('offline-pass-390.png'), fullPage: true });
  const shortCode = (await code.textContent())!.replace(' ', '');

  await page.goto('/menu');
  await expect(offlineMark).toBeVisible();
  await expect(page.getByText(title).first()).toBeVisible();

  await page.goto('/dashboard/requested-meal');
  await expect(offlineMark).toBeVisible();
  await expect(page.getByRole('cell', { name: title }).first()).toBeVisible();
  // The worker holds the site's files for the whole origin, and none of the API's answers:
  // those are kept per member by the page, as below.
  const { scope, cached } = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      for (const entry of await (await caches.open(name)).keys()) paths.push(new URL(entry.url).pathname);
    }
    return { scope: (await navigator.serviceWorker.getRegistration())?.scope, cached: paths };
  });
  expect(scope).toBe(new URL('/', page.url()).href);
  expect(cached).toContain('/pages/app.html');
  expect(cached.filter((path) => path.startsWith('/api/'))).toEqual([]);
  const keptAnswers = () =>
    page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('hostelhub-offline:')));
  // One member's answers, and the pass page drawn with their offline pass (ADR 86) if it was.
  expect((await keptAnswers()).filter((key) => !key.endsWith(':pass-page'))).toHaveLength(1);

  // A change needs a connection, and says so rather than pretending.
  await page.getByRole('button', { name: `Cancel the request for ${title}` }).click();
  await page.locator('.swal2-confirm').click();
  await expect(page.locator('.swal2-html-container, .swal2-title').first()).toContainText(/offline|connection/i);

  // Back online, the counter serves the pass kept on the phone once, and refuses it again.
  await context.setOffline(false);
  const staffToken = await apiTokenFor(request, { email: demoUsers.staff, password: demoPassword });
  const redeem = () =>
    request.post('/api/redemptions', {
      headers: { authorization: `Bearer ${staffToken}` },
      data: { shortCode, servingId },
    });
  const served = await redeem();
  expect(served.status(), await served.text()).toBe(201);
  const again = await redeem();
  expect(again.status()).toBe(409);
  expect((await again.json()).reason).toBe('already-served');

  // Signing out leaves nothing of the member's on the phone.
  await page.keyboard.press('Escape');
  await logOut(page);
  expect(await keptAnswers()).toEqual([]);
  await context.close();
});

test("a repeat visit draws the pass kept on the phone before the site's scripts; a sign-out deletes it", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { member, adminToken, title, mealId } = await memberWithOwnMeal(request, 'Kept Stew');
  const { servingId } = await servingOpenAllDay(request, adminToken, mealId, 'dinner', new Date());
  await insertThroughApi(request, await apiTokenFor(request, member), '/meal-request', { mealId, servingId });

  // No service worker: its cache would answer the scripts refused below (ADR 86 needs none).
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await loginAs(page, member.email, { password: member.password });
  const keptPage = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith(':pass-page')));
  // The first visit keeps the offline passes. A later one shows the kept pass while the fresh
  // one is made (ADR 84) and keeps the page as drawn with it (ADR 86): on a visit whose fresh
  // pass comes before the kept one's QR code is drawn, nothing is kept, so the member visits
  // again.
  await page.goto('/dashboard/meal-pass');
  await expect(page.getByTestId('meal-pass-code')).toHaveText(/^[2-9A-Z]{3} [2-9A-Z]{3}$/);
  await expect(async () => {
    await page.goto('/dashboard/meal-pass');
    await expect(page.getByTestId('meal-pass-code')).toHaveText(/^[2-9A-Z]{3} [2-9A-Z]{3}$/);
    await expect.poll(async () => (await keptPage()).length, { timeout: 2_000 }).toBe(1);
  }).toPass({ timeout: 30_000 });

  // The offline pass kept on the phone, signed until its serving ends: never a minute's pass.
  // (The answers are written half a second after each arrives, the page as soon as it is drawn.)
  const keptShortCode = () =>
    page.evaluate(() => {
      const key = Object.keys(localStorage).find(
        (name) => name.startsWith('hostelhub-offline:') && !name.endsWith(':pass-page'),
      );
      const answers = JSON.parse((key && localStorage.getItem(key)) || '[]') as {
        queryKey: string[];
        data: { items: { pass: { shortCode: string } }[] };
      }[];
      return answers.find(({ queryKey }) => queryKey.join('/') === 'passes/offline')?.data.items[0]?.pass.shortCode;
    });
  await expect.poll(keptShortCode).toMatch(/^[2-9A-Z]{6}$/);
  const keptCode = (await keptShortCode())!;

  // With none of the site's scripts, the pass is drawn from the phone: its meal, short code
  // and QR code, inert.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/dashboard/meal-pass');
  const cover = page.locator('#kept-pass-page');
  await expect(cover).toContainText(`Dinner: ${title}`);
  await expect(cover).toContainText(`${keptCode.slice(0, 3)} ${keptCode.slice(3)}`);
  await expect(cover.locator('svg[aria-label^="Meal pass QR code"] path')).toHaveAttribute('d', /^M4 4h7v1h-7z/);
  expect(await cover.evaluate((element) => (element as HTMLElement).inert)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('kept-pass-page-390.png'), fullPage: true });

  // With them, the live page takes its place.
  await page.unroute('**/assets/*.js');
  await page.goto('/dashboard/meal-pass');
  await expect(page.getByTestId('meal-pass-code')).toHaveText(/^[2-9A-Z]{3} [2-9A-Z]{3}$/);
  await expect(cover).toHaveCount(0);
  await expect(page.getByTestId('meal-pass-code')).toBeVisible();

  await logOut(page);
  expect(await keptPage()).toEqual([]);
  await context.close();
});

test('Chromium finds the site installable: a manifest with its icons, and a service worker', async ({
  baseURL,
  playwright,
}) => {
  // An incognito context is never installable: a browser with a profile of its own.
  const profile = mkdtempSync(join(tmpdir(), 'hostelhub-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH,
    args: chromiumFlags,
    baseURL,
  });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await controlledByServiceWorker(page);
    const session = await context.newCDPSession(page);
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/dashboard/meal-pass' });
    expect(manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a push message is shown as a notification once per notice, and only ever opens a page of the site', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin: baseURL! });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await controlledByServiceWorker(page);
    const session = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((each) => each.scopeURL === `${baseURL}/` && !each.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await session.send('ServiceWorker.enable');
    const registrationId = await registered;
    // What FCM delivers for the API's message (functions/src/features/push/deliver.ts).
    const push = (data: Record<string, string>) =>
      session.send('ServiceWorker.deliverPushMessage', {
        origin: baseURL!,
        registrationId,
        data: JSON.stringify({ data, from: '1234567890', priority: 'high', fcmMessageId: 'stand-in' }),
      });
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          tag: notification.tag,
          link: (notification.data as { link: string }).link,
        })),
      );

    const leave = {
      noticeId: 'leave-decided-l1_mia',
      title: 'Leave approved',
      body: '<b>3 days</b> from 1 Dec',
      link: '/dashboard/my-leave',
    };
    await push(leave);
    await expect
      .poll(shown)
      .toEqual([
        { title: 'Leave approved', body: '<b>3 days</b> from 1 Dec', tag: leave.noticeId, link: '/dashboard/my-leave' },
      ]);
    // FCM delivering the same message again: still one notification.
    await push(leave);
    await push({
      noticeId: 'reservation-confirmed-r1_mia',
      title: 'Reservation confirmed',
      body: 'Lunch',
      link: 'https://evil.example/x',
    });
    await expect.poll(async () => (await shown()).length).toBe(2);
    const all = await shown();
    expect(all.filter((notification) => notification.tag === leave.noticeId)).toHaveLength(1);
    // A link off the site is never opened: the dashboard instead.
    expect(all.find((notification) => notification.tag.startsWith('reservation'))?.link).toBe('/dashboard');
  } finally {
    await context.close();
  }
});
