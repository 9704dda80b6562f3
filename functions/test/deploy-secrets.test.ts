// Each HTTP function of the built bundle run as deployed: in a process of its own holding only
// the secrets its manifest declares (the Functions emulator hands every function all of
// .secret.local, and this suite's own process has JWT_SECRET too), over the Auth and Firestore
// emulators. Every public page renders with its data and is kept by the CDN, including the
// pages whose next-page cursor is signed with JWT_SECRET; the API takes those cursors back; the
// webhook checks signatures with its own secret; and no function reads a secret it did not
// declare (firebase-functions logs "No value found for secret parameter" when one does).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../scripts/lib/functions-manifest.mjs';
import { publicCacheControl } from '../src/lib/http-cache.js';
import { db } from './support/emulators.js';
import { seedMeal, uniqueWord } from './support/meals.js';

/** One value per secret, as Secret Manager would hold them for the project. */
const secretValues: Record<string, string> = {
  JWT_SECRET: randomBytes(32).toString('hex'),
  PASS_SECRET: randomBytes(32).toString('hex'),
  STRIPE_SECRET_KEY: `sk_test_${randomBytes(12).toString('hex')}`,
  STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(12).toString('hex')}`,
};

type Running = { origin: string; declared: string[]; logs: string[]; process: ChildProcess };
const running = new Map<string, Running>();

/** Starts `name` from functions/lib/index.js with exactly the secrets `declared`. */
async function startDeployed(name: string, declared: string[]): Promise<Running> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    GCLOUD_PROJECT: process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals',
    FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST ?? '127.0.0.1:8080',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
    // The suites write meals straight to Firestore and expect them counted at once (ADR 0040).
    MEAL_TOTALS_FRESH_SECONDS: '0',
  };
  // Undeclared secrets are not in a deployed function's environment at all.
  for (const secret of declared) env[secret] = secretValues[secret]!;
  const child = spawn(process.execPath, [join(__dirname, 'deploy', 'serve-built-function.mjs'), name], { env });
  const logs: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => logs.push(line));
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${logs.join('\n')}`)));
    lines.on('line', (line) => {
      const ready = /^\{"port":(\d+)\}$/.exec(line);
      if (ready) resolve(Number(ready[1]));
      else logs.push(line);
    });
  });
  return { origin: `http://127.0.0.1:${port}`, declared, logs, process: child };
}

/** The answers a rendered page carries for the browser (react-query's dehydrated state). */
function pageData(html: string): { queryKey: unknown[]; state: { data: any } }[] {
  const json = /<script type="application\/json" id="server-data">([^<]*)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('the page carries no data');
  return (JSON.parse(json) as { queries: { queries: { queryKey: unknown[]; state: { data: any } }[] } }).queries
    .queries;
}

async function render(path: string) {
  const response = await fetch(`${running.get('pages')!.origin}${path}`);
  return { status: response.status, cacheControl: response.headers.get('cache-control'), html: await response.text() };
}

const word = uniqueWord('deployed');
let reviewedMealId = '';

beforeAll(async () => {
  const manifest = readManifest();
  const http = Object.entries(manifest.endpoints).filter(([, endpoint]) => endpoint.httpsTrigger);
  expect(http.map(([name]) => name).sort()).toEqual(['api', 'pages', 'stripeWebhook']);
  for (const [name, endpoint] of http) {
    running.set(
      name,
      await startDeployed(
        name,
        (endpoint.secretEnvironmentVariables ?? []).map(({ key }) => key),
      ),
    );
  }
  // More meals than a page of /meals (6), more upcoming meals than a page (12), and a meal with
  // more reviews than its page carries (10): each page's data then holds a signed cursor.
  for (let index = 0; index < 8; index += 1) await seedMeal({ title: `${word} meal ${index}`, minutesAgo: index });
  for (let index = 0; index < 13; index += 1) {
    await seedMeal({ title: `${word} upcoming ${index}`, minutesAgo: index }, 'upcomingMeals');
  }
  // Not in /meals?search=<word>, whose meals are counted below.
  reviewedMealId = await seedMeal({ title: `Reviewed ${uniqueWord('reviewed')}`, reviewsCount: 11 });
  const reviews = db.collection('meals').doc(reviewedMealId).collection('reviews');
  for (let index = 0; index < 11; index += 1) {
    await reviews.doc(`review-${index}`).set({
      uid: `reviewer-${index}`,
      mealId: reviewedMealId,
      userName: `Reviewer ${index}`,
      img: null,
      comment: `Review number ${index}`,
      rating: 4,
      timeStamp: new Date(Date.now() - index * 60_000),
    });
  }
}, 120_000);

afterAll(() => {
  for (const { process: child } of running.values()) child.kill();
});

describe('the HTTP functions with only the secrets they declare', () => {
  it('render every public page with its data, kept by the CDN', async () => {
    for (const path of ['/', '/menu', '/upcoming-meals', `/meals?search=${word}`, `/meal/${reviewedMealId}`]) {
      const page = await render(path);
      expect(page.status, path).toBe(200);
      expect(page.cacheControl, path).toBe(publicCacheControl);
      expect(pageData(page.html).length, path).toBeGreaterThan(0);
    }
  });

  it('render /meals with its first page and the cursor of the second, which the API takes', async () => {
    const page = await render(`/meals?search=${word}`);
    expect(page.cacheControl).toBe(publicCacheControl);
    const list = pageData(page.html).find((query) => query.queryKey[0] === 'meals')!.state.data.pages[0];
    expect(list.meals).toHaveLength(6);
    expect(list.nextCursor).toEqual(expect.any(String));
    const second = await fetch(
      `${running.get('api')!.origin}/api/meals?search=${word}&limit=6&cursor=${encodeURIComponent(list.nextCursor)}`,
    );
    expect(second.status).toBe(200);
    const rest = ((await second.json()) as { meals: { title: string }[] }).meals.map((meal) => meal.title);
    const first = (list.meals as { title: string }[]).map((meal) => meal.title);
    expect([...first, ...rest].sort()).toEqual([...Array(8).keys()].map((index) => `${word} meal ${index}`).sort());
  });

  it('render /upcoming-meals with more than a page, and a meal with its first 10 of 11 reviews', async () => {
    const upcoming = pageData((await render('/upcoming-meals')).html).find(
      (query) => query.queryKey[0] === 'upcoming-meals' || JSON.stringify(query.queryKey).includes('upcoming'),
    )!.state.data.pages[0];
    expect(upcoming.nextCursor).toEqual(expect.any(String));

    const page = await render(`/meal/${reviewedMealId}`);
    expect(page.cacheControl).toBe(publicCacheControl);
    const meal = pageData(page.html).find((query) => JSON.stringify(query.queryKey).includes(reviewedMealId))!.state
      .data;
    expect(meal.reviews.map((review: { comment: string }) => review.comment)).toEqual(
      [...Array(10).keys()].map((index) => `Review number ${index}`),
    );
    const rest = await fetch(
      `${running.get('api')!.origin}/api/meal/${reviewedMealId}/reviews?cursor=${encodeURIComponent(meal.reviewsNextCursor)}`,
    );
    expect(rest.status).toBe(200);
    expect(((await rest.json()) as { items: { comment: string }[] }).items.map((review) => review.comment)).toEqual([
      'Review number 10',
    ]);
  });

  it('let the webhook check signatures with its own secret', async () => {
    const webhook = running.get('stripeWebhook')!;
    const payload = JSON.stringify({ id: 'evt_deployed', type: 'ping.deployed', data: { object: { id: 'x' } } });
    const post = (signature: string) =>
      fetch(webhook.origin, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: secretValues.STRIPE_WEBHOOK_SECRET! });
    const accepted = await post(signed);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true, ignored: 'ping.deployed' });
    expect((await post('t=1,v1=forged')).status).toBe(400);
  });

  it('read no secret they did not declare', () => {
    for (const [name, { logs }] of running) {
      expect(
        logs.filter((line) => line.includes('No value found for secret parameter')),
        name,
      ).toEqual([]);
    }
  });
});
