// The bench's member moment (scripts/bench.mjs): the signed-in meal pass on a repeat visit,
// served through the service worker, beside its scriptless floor under Lighthouse; and the time
// until the pass's QR code shows with no connection, beside its floor's largest paint. Both on
// the reference phone (ADR 80): Lighthouse's slowdown per run, and Chromium's CPU throttling
// at the host's index over the phone's for the offline loads.
// The functions handed to the page run in the browser.
/* global window, document, MutationObserver */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp } from 'firebase-admin/firestore';
import { cpuMultiplier, interleaved, median, medians, scriptlessFloor } from './bench-budgets.mjs';
import { chromiumFlags } from './chromium-flags.mjs';
import { root } from './emulators.mjs';
import { chromePath, lighthouseRun } from './bench-pages.mjs';

const passPath = '/dashboard/meal-pass';
const password = 'bench-password-123';

/** The site's API as `token`'s holder; answers the JSON, failing loudly on an error status. */
async function api(site, token, method, path, body) {
  const response = await fetch(`${site}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** An API token for an account of the Auth emulator, as the site's sign-in gets one. */
async function apiToken(site, email, accountPassword) {
  const signIn = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: accountPassword, returnSecureToken: true }),
    },
  );
  const { idToken } = await signIn.json();
  const jwt = await fetch(`${site}/api/jwt`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!jwt.ok) throw new Error(`/api/jwt for ${email} answered ${jwt.status}`);
  return (await jwt.json()).token;
}

/**
 * A member of this run with a reservation of a serving open all day today, so the pass page
 * shows a QR code whenever the bench runs: a new account each run, with a membership as the
 * payment flow would store it, and a meal of its own.
 */
async function memberWithPass(site, db) {
  const stamp = Date.now().toString(36);
  const email = `bench-${stamp}@bench.hostelhub.test`;
  const account = await getAuth().createUser({ email, password, displayName: 'Bench Member', emailVerified: true });
  const token = await apiToken(site, email, password);
  await api(site, token, 'POST', '/users', { name: 'Bench Member', email });
  await db.doc(`users/${account.uid}`).update({
    badge: 'Gold',
    membership: {
      packageId: 'gold',
      packageName: 'Gold',
      status: 'active',
      currentPeriodEnd: Timestamp.fromMillis(Date.now() + 20 * 86_400_000),
      cancelAtPeriodEnd: false,
      subscriptionId: null,
    },
  });
  const adminToken = await apiToken(site, 'admin@hostelhub.test', 'password123');
  const title = `Bench Stew ${stamp}`;
  const { insertedId: mealId } = await api(site, adminToken, 'POST', '/add-meal', {
    title,
    category: 'Dinner',
    image: '/images/meals/dinner-1.svg',
    ingredients: 'Lentils, Onion, Cumin',
    description: 'A stew for the bench.',
    price: 14.5,
    distributorName: 'Green Bowl Kitchen',
    distributorEmail: 'orders@greenbowl.test',
  });
  const { days } = await (await fetch(`${site}/api/menu?days=1`)).json();
  const { insertedId: servingId } = await api(site, adminToken, 'POST', '/servings', {
    hallId: 'main',
    mealId,
    date: days[0].date,
    slot: 'dinner',
    startTime: '00:00',
    endTime: '23:59',
    cutoffAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  });
  await api(site, token, 'POST', '/meal-request', { mealId, servingId });
  return { email, title };
}

/** A port nothing listens on now, for the browser's debugging port. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Signs in through the site's own form, as a member does. */
async function signIn(page, site, email) {
  await page.goto(`${site}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.locator('.swal2-confirm').click();
  await page.waitForFunction(() => localStorage.getItem('token') !== null);
}

/**
 * When the QR code is drawn, from the navigation's start (set before the page's own scripts):
 * the live page's, or that of the pass page kept on the phone (ADR 86).
 */
const watchForQr = () => {
  new MutationObserver((_changes, observer) => {
    if (
      document.querySelector(
        '[data-testid="meal-pass-qr"] path, #kept-pass-page svg[aria-label^="Meal pass QR code"] path',
      )
    ) {
      window.__qrShownAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};

/** Whether this phone keeps a pass of the member's (web/src/lib/offline/offline-answers.ts). */
const keptPassesSaved = () =>
  Object.keys(localStorage)
    // The answers' key alone, not what is kept beside them (`…:pass-page`, ADR 86).
    .filter((key) => key.startsWith('hostelhub-offline:') && !key.endsWith(':pass-page'))
    .some((key) =>
      JSON.parse(localStorage.getItem(key) ?? '[]').some(
        (entry) => entry.queryKey[0] === 'passes' && entry.queryKey[1] === 'offline' && entry.data.items.length > 0,
      ),
    );

/** The largest paint of the page loaded, from the navigation's start. */
const largestPaint = () =>
  new Promise((resolve) => {
    new PerformanceObserver((list) => resolve(list.getEntries().at(-1).startTime)).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    });
  });

/**
 * The pass page's rows: Lighthouse on the repeat visit beside the floor, and the offline QR
 * time beside the floor's largest paint (both loaded with the CPU at the reference phone).
 */
export async function memberPassMeasures(site, db, rounds) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const { chromium } = await import('@playwright/test');
  const { email, title } = await memberWithPass(site, db);
  const profile = mkdtempSync(join(tmpdir(), 'hostelhub-bench-member-'));
  const floorDirectory = join(root, 'web', 'dist', 'bench-floor');
  mkdirSync(floorDirectory, { recursive: true });
  const floorUrl = `${site}/bench-floor/meal-pass.html`;
  // One browser profile for the whole moment, driven by Playwright (which takes its network
  // away, the service worker's included) and measured by Lighthouse through its debugging port.
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    args: [...chromiumFlags, `--remote-debugging-port=${port}`],
    serviceWorkers: 'allow',
  });
  try {
    // The first visit: signed in, the worker installed and in control, the answers kept.
    const page = await context.newPage();
    await signIn(page, site, email);
    await page.goto(`${site}${passPath}`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page
      .getByRole('img', { name: `Meal pass QR code for ${title}` })
      .locator('path')
      .first()
      .waitFor();
    // The kept answers are written half a second after they arrive (lib/offline), and the QR
    // may show from an earlier visit's before (ADR 84): wait for this visit's kept passes.
    await page.waitForFunction(keptPassesSaved);
    // The floor: the pass as the member sees it, with every script removed.
    writeFileSync(join(floorDirectory, 'meal-pass.html'), scriptlessFloor(await page.content()));

    // With no connection, the CPU at the reference phone: the QR's time and the floor's paint.
    // Lighthouse's own benchmark, in this browser now, three times: the host's index.
    const { pageFunctions } = await import('lighthouse/core/lib/page-functions.js');
    const indexes = [];
    for (let run = 0; run < 3; run++) indexes.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    const multiplier = cpuMultiplier(median(indexes));
    await page.addInitScript(watchForQr);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: multiplier });
    const connection = { latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
    await cdp.send('Network.enable');
    const offline = { qr: [], floor: [] };
    for (const kind of interleaved(rounds)) {
      if (kind === 'floor') {
        // The floor is not the worker's: loaded from this machine, the network's time is nil.
        await context.setOffline(false);
        await cdp.send('Network.emulateNetworkConditions', { ...connection, offline: false });
        await page.goto(floorUrl);
        offline.floor.push(await page.evaluate(largestPaint));
      } else {
        // The worker's requests fail (Playwright), and the page knows it (navigator.onLine),
        // which a persistent profile's pages are not told by Playwright alone.
        await context.setOffline(true);
        await cdp.send('Network.emulateNetworkConditions', { ...connection, offline: true });
        await page.goto(`${site}${passPath}`);
        await page
          .waitForFunction(() => window.__qrShownAt !== undefined, null, { timeout: 30_000 })
          .catch(async (error) => {
            const shot = join(tmpdir(), 'bench-offline-pass.png');
            await page.screenshot({ path: shot });
            throw new Error(`No QR code offline (the page: ${shot}): ${(await page.innerText('body')).slice(0, 300)}`, {
              cause: error,
            });
          });
        offline.qr.push(await page.evaluate(() => window.__qrShownAt));
      }
    }
    await context.setOffline(false);
    await cdp.send('Network.emulateNetworkConditions', { ...connection, offline: false });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.goto(`${site}${passPath}`);
    await page
      .getByRole('img', { name: `Meal pass QR code for ${title}` })
      .locator('path')
      .first()
      .waitFor();

    const runs = { page: [], floor: [] };
    for (const kind of [...interleaved(rounds), ...interleaved(2)]) {
      if (runs[kind].length >= rounds) continue;
      const url = kind === 'page' ? `${site}${passPath}` : floorUrl;
      const run = await lighthouseRun(lighthouse, chromeLauncher, url, { chrome: { port }, disableStorageReset: true });
      // A page run that lost the session measured the sign-in page, not the pass.
      if (run && kind === 'page' && new URL(run.finalUrl).pathname !== passPath) {
        throw new Error(`Lighthouse's run of ${passPath} ended on ${run.finalUrl}: the session did not last`);
      }
      if (run && kind === 'page' && process.env.BENCH_LONG_TASKS) {
        console.log(`${passPath} TBT ${Math.round(run.tbt)} ms; long tasks: ${run.longTasks.join(', ') || 'none'}`);
      }
      if (run?.layoutShifts) console.log(`${passPath} ${kind} shifts: ${run.layoutShifts.join('; ') || 'none'}`);
      if (run) runs[kind].push(run);
    }
    for (const kind of ['page', 'floor']) {
      if (runs[kind].length < rounds) throw new Error(`Lighthouse measured the ${kind} of ${passPath} too few times`);
    }

    return {
      lighthouse: { page: '/dashboard/meal-pass (repeat visit)', site: medians(runs.page), floor: medians(runs.floor) },
      offline: { qrMs: median(offline.qr), floorMs: median(offline.floor), multiplier, hostIndex: median(indexes) },
    };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(join(floorDirectory, 'meal-pass.html'), { force: true });
  }
}
