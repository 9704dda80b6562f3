// Set-up of every in-process API test file (vitest.config.ts): the file's worker gets a project
// of its own on the Auth and Firestore emulators, and the Express app of the `api` function and
// the `stripeWebhook` handler are served from this process against it. `call(...)` and the
// webhook deliveries then reach the real code without the Hosting emulator and a Functions
// emulator worker in between; the smoke tier keeps that path.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { workerProjectId } from './projects.js';

const worker = process.env.VITEST_POOL_ID ?? '1';

// Before firebase-admin is initialised, here (the app) and in support/emulators.ts (the tests).
// `firebase emulators:exec` also sets FIREBASE_CONFIG, which initializeApp() without options reads.
// A project may name its own (vitest.config.ts: the timed files, on data of their own alone).
const project = workerProjectId(process.env.API_TEST_PROJECT ?? worker);
process.env.GCLOUD_PROJECT = project;
process.env.GOOGLE_CLOUD_PROJECT = project;
process.env.FIREBASE_CONFIG = JSON.stringify({
  ...JSON.parse(process.env.FIREBASE_CONFIG || '{}'),
  projectId: project,
});
// Files that start the fake Stripe start it on STRIPE_API_PORT: one port per worker, beside the
// run's own port, which the smoke tier's Functions emulator uses.
// Set once per worker: this file runs again for each of the worker's files, in one process.
if (process.env.STRIPE_API_PORT && !process.env.STRIPE_RUN_PORT) {
  process.env.STRIPE_RUN_PORT = process.env.STRIPE_API_PORT;
  process.env.STRIPE_API_PORT = String(Number(process.env.STRIPE_API_PORT) + Number(worker));
}
// The run's key lives only in the emulator's secrets file; the fake accepts any test key.
process.env.STRIPE_SECRET_KEY ??= `sk_test_local_in_process_${worker}`;

const { createApp } = await import('../../src/app.js');
const { handleStripeWebhook } = await import('../../src/features/payments/webhook.js');

/** The webhook as its Cloud Function gets a request: any method, the raw body kept. */
const webhook = express();
webhook.all('/stripeWebhook', express.raw({ type: () => true, limit: '1mb' }), (req, res) => {
  Object.assign(req, { rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0) });
  // Express's and firebase-functions' request types differ only in what the platform adds.
  type Handler = (request: unknown, response: unknown) => Promise<void>;
  return (handleStripeWebhook as Handler)(req, res);
});

async function serve(app: Express): Promise<{ server: Server; origin: string }> {
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

// Served once per worker: the files of a worker share its module cache (vitest.config.ts,
// `isolate: false`), and with it the API_BASE that support/emulators.ts read when first loaded.
const worker_ = globalThis as { inProcessOrigins?: Promise<string[]> };
worker_.inProcessOrigins ??= Promise.all([serve(createApp()), serve(webhook)]).then((servers) =>
  servers.map(({ origin }) => origin),
);
const [apiOrigin, webhookOrigin] = await worker_.inProcessOrigins;
process.env.API_BASE = `${apiOrigin}/api`;
process.env.STRIPE_WEBHOOK_URL = `${webhookOrigin}/stripeWebhook`;
