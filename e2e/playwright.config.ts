import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags } from '../scripts/lib/chromium-flags.mjs';

// Runs inside `firebase emulators:exec` (npm test), against the built site on Hosting.
// CHROMIUM_PATH is looked up by the global setup, which runs before any worker launches a
// browser, so loading this config (e.g. to list tests) needs no browser.

// Three browser workers: a journey spends much of its time waiting on the emulators, and a
// third kept the two cores busier (the own-data run took 4.1 min against 4.7 min with two,
// on this 2-core machine). The journeys that check the demo data itself (its 24 meals, its
// searches, its months of payments, its likes and reviews) run first, side by side, on the
// demo data alone: between them they write only a like, a review and a request of their own,
// which none of them counts. Every other journey makes its own members, meals and servings
// (dashboard-fixtures.ts) and runs after them, three at a time. scripts/e2e.mjs runs the two
// projects one after the other, in two runs of Playwright, so a failure in the first leaves
// the second to run and report. The demo-data journeys are spread test by test, not file by
// file: one long file (server-rendered-pages) would otherwise keep the second worker idle.
// Their tests share no state; the own-data files keep file by file, as some start a server of
// their own (a Stripe or mail stand-in) for all their tests on one port.
const onDemoData = ['allergens', 'browse-meals', 'insights', 'member-journeys', 'server-rendered-pages'].map(
  (name) => `**/${name}.spec.ts`,
);
const desktop = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../test-results',
  reporter: [['list'], ['json', { outputFile: process.env.E2E_RESULTS_FILE ?? '../artifacts/e2e-results.json' }]],
  use: {
    baseURL: process.env.HOSTING_URL ?? 'http://127.0.0.1:5000',
    // A trace of every action costs the journeys a tenth of their time; one that fails runs
    // again (CI) with its trace recorded.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The built site registers a service worker that downloads every script ahead (ADR 79):
    // blocked, so each journey's fresh browser does not fetch the whole site beside its own
    // work. offline.spec.ts lets it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'demo-data', testMatch: onDemoData, fullyParallel: true, use: desktop },
    { name: 'own-data', testIgnore: onDemoData, use: desktop },
  ],
});
