// Every e2e run starts from the demo data alone, whatever the API suite left behind, and with
// each demo account signed in once through the login page (the journeys that are not about
// signing in reuse those sign-ins: support/auth.ts useSavedSignIn).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { chromium, type FullConfig } from '@playwright/test';
// @ts-expect-error: plain ES module without types
import { seedDemoData } from '../scripts/lib/seed.mjs';
import { chromiumFlags } from '../scripts/lib/chromium-flags.mjs';
import { demoUsers, loginAs, savedSignInPath, type DemoRole } from './support/auth.js';
import { findChromium } from './support/chromium.js';

const projectId = process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals';

/** Signs each demo account in through /login and saves its storage state, IndexedDB included. */
async function saveSignIns(baseURL: string) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH, args: chromiumFlags });
  try {
    for (const role of Object.keys(demoUsers) as DemoRole[]) {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await loginAs(page, demoUsers[role]);
      const path = savedSignInPath(role);
      mkdirSync(dirname(path), { recursive: true });
      await context.storageState({ path, indexedDB: true });
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

export default async function globalSetup(config: FullConfig) {
  // Workers start after this and inherit the environment: they launch this browser.
  process.env.CHROMIUM_PATH = findChromium();
  // The second of scripts/e2e.mjs's runs keeps the data and sign-ins the first made.
  if (process.env.E2E_REUSE_SETUP === '1') return;
  const firestore = process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080';
  const auth = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const wipes = [
    `http://${firestore}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    `http://${auth}/emulator/v1/projects/${projectId}/accounts`,
  ];
  for (const url of wipes) {
    const response = await fetch(url, { method: 'DELETE' });
    if (!response.ok) throw new Error(`Could not reset the emulator: ${url} answered ${response.status}`);
  }
  await seedDemoData();
  // The Functions emulator starts a cold worker per concurrent request; warm a few so the
  // first page of the first test does not wait on them.
  const site = config.projects[0]?.use.baseURL ?? process.env.HOSTING_URL ?? 'http://127.0.0.1:5000';
  await Promise.all(Array.from({ length: 4 }, () => fetch(`${site}/api/health`).catch(() => undefined)));
  await saveSignIns(site);
}
