import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags } from '../scripts/lib/chromium-flags.mjs';

// Runs inside `firebase emulators:exec` (npm test), against the built site on Hosting.
// CHROMIUM_PATH is looked up by the global setup, which runs before any worker launches a
// browser, so loading this config (e.g. to list tests) needs no browser.

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../test-results',
  reporter: [['list'], ['json', { outputFile: '../artifacts/e2e-results.json' }]],
  use: {
    baseURL: process.env.HOSTING_URL ?? 'http://127.0.0.1:5000',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH,
      args: chromiumFlags,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
