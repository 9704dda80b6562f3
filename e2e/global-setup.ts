// Every e2e run starts from the demo data alone, whatever the API suite left behind.
// @ts-expect-error: plain ES module without types
import { seedDemoData } from '../scripts/lib/seed.mjs';
import { findChromium } from './support/chromium.js';

const projectId = process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals';

export default async function globalSetup() {
  // Workers start after this and inherit the environment: they launch this browser.
  process.env.CHROMIUM_PATH = findChromium();
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
  const site = process.env.HOSTING_URL ?? 'http://127.0.0.1:5000';
  await Promise.all(Array.from({ length: 4 }, () => fetch(`${site}/api/health`).catch(() => undefined)));
}
