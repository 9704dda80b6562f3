// The demo's stand-ins, which `npm start` runs without Stripe keys or an image host
// (scripts/lib/demo-stand-ins.mjs): the Stripe stand-in (scripts/lib/demo-stripe.mjs) takes a
// subscription paid with the demo's cards and delivers its signed events to the webhook
// function; the image host keeps an upload; every demo meal has its own picture; and the build
// the tests run (built without the demo's configuration, as production is) carries none of it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addDays } from '@hostelhub/contracts';
import { loginAs, useSavedSignIn } from './support/auth.js';
import { apiTokenFor, callApi, demoAdmin, insertThroughApi, mainHall, mealBody, unique } from './dashboard-fixtures.js';
import { expect, test, type Page } from './support/test.js';
import { startDemoStripe, type DemoStripe } from '../scripts/lib/demo-stripe.mjs';
// @ts-expect-error: plain ES module without types
import { startDemoImageHost } from '../scripts/lib/demo-image-host.mjs';
// @ts-expect-error: plain ES module without types
import { demoMeals, demoUpcomingMeals } from '../scripts/lib/demo-data.mjs';
import { stripeStandInScript } from '../web/src/testing/stripe-js-stand-in.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const projectId = process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals';
const site = process.env.HOSTING_URL ?? 'http://127.0.0.1:5000';

// The demo's Stripe stand-in on the port the functions of this run talk to, delivering to
// this run's webhook function with this run's webhook secret, as `npm start` sets it up.
let demo: DemoStripe;
test.beforeAll(async () => {
  demo = await startDemoStripe({
    port: Number(process.env.STRIPE_API_PORT),
    webhookUrl: `${process.env.FUNCTIONS_URL}/stripeWebhook`,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? '',
  });
});
test.afterAll(async () => {
  await demo?.close();
});

/**
 * The page gets the Stripe.js stand-in the demo build installs; its calls to api.stripe.com
 * (which this run's Content-Security-Policy allows, unlike the demo's own address) are passed
 * unchanged to the demo's Stripe stand-in, which answers them as it answers the demo's page.
 */
async function useDemoStripe(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: stripeStandInScript() }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `http://127.0.0.1:${demo.port}${url.pathname}${url.search}` });
    await route.fulfill({ response });
  });
}

/** A fresh account with a verified address (receipts go there), so no demo user changes. */
async function freshVerifiedStudent(name: string) {
  const email = `demo-buyer-${Date.now().toString(36)}@test.hostelhub.test`;
  const signUp = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'password123', displayName: name, returnSecureToken: true }),
  });
  expect(signUp.ok).toBe(true);
  const { localId } = (await signUp.json()) as { localId: string };
  const verify = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId, emailVerified: true }),
    },
  );
  expect(verify.ok).toBe(true);
  return { uid: localId, email };
}

async function typeCard(page: Page, number: string) {
  await page.getByPlaceholder('1234 1234 1234 1234').fill(number);
  await page.getByPlaceholder('MM / YY').fill('12 / 34');
  await page.getByPlaceholder('CVC').fill('123');
}

/** A new verified student, signed in, asks for `tier` with the demo card `card`; gives the student. */
async function subscribeAsNewStudent(page: Page, name: string, tier: 'Silver' | 'Gold', card: string) {
  await useDemoStripe(page);
  const student = await freshVerifiedStudent(name);
  await loginAs(page, student.email);
  await page.goto(`/checkout/${tier.toLowerCase()}`);
  await expect(page.getByRole('heading', { name: `${tier} membership` })).toBeVisible();
  await typeCard(page, card);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  return student;
}

const subscriptionsOf = (uid: string) =>
  [...demo.stripe.subscriptions.values()].filter((subscription) => subscription.metadata.uid === uid);

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a student subscribes through the demo Stripe with 4242 4242 4242 4242, and a demo renewal adds a payment', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const student = await subscribeAsNewStudent(page, 'Dee Demo', 'Silver', '4242 4242 4242 4242');
    await expect(page.locator('.swal2-title')).toHaveText('Payment successful', { timeout: 30_000 });
    await page.locator('.swal2-confirm').click();
    await expect(page.getByText('You already purchased this package')).toBeVisible();

    const [subscription] = subscriptionsOf(student.uid);
    expect(subscription).toMatchObject({ status: 'active' });
    const firstInvoice = subscription!.latest_invoice as string;

    // A month passes (npm run demo:renew): the stand-in renews with the saved card and posts
    // the signed invoice.paid to the webhook, which alone writes the renewal's payment row.
    expect(demo.renew().renewed).toBeGreaterThanOrEqual(1);
    await demo.settled();
    const renewalInvoice = demo.stripe.subscriptions.get(subscription!.id)?.latest_invoice as string;
    expect(renewalInvoice).not.toBe(firstInvoice);

    await page.goto('/dashboard/payment-history');
    await expect(page.getByText(firstInvoice)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(renewalInvoice)).toBeVisible();
  });

  test("a member's week of leave, approved by the admin, takes them off the kitchen's count and credits the next invoice", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const student = await subscribeAsNewStudent(page, 'Lee Leave', 'Gold', '4242 4242 4242 4242');
    await expect(page.locator('.swal2-title')).toHaveText('Payment successful', { timeout: 30_000 });
    await page.locator('.swal2-confirm').click();
    const [subscription] = subscriptionsOf(student.uid);
    await demo.settled();

    // A breakfast of the leave's third day at the Main hall, which the member reserves.
    const today = ((await (await request.get('/api/menu?days=1')).json()) as { days: { date: string }[] }).days[0]!
      .date;
    const [from, to, day] = [addDays(today, 3), addDays(today, 9), addDays(today, 5)];
    const adminToken = await apiTokenFor(request, demoAdmin);
    const mealId = await insertThroughApi(request, adminToken, '/add-meal', mealBody(unique('Leave porridge')));
    const servingId = await insertThroughApi(request, adminToken, '/servings', {
      hallId: mainHall,
      mealId,
      date: day,
      slot: 'breakfast',
    });
    const memberToken = await apiTokenFor(request, { email: student.email, password: 'password123' });
    await callApi(request, memberToken, 'POST', `/servings/${servingId}/reservation`);

    const admin = await browser.newPage();
    await useSavedSignIn(admin, 'admin');
    const kitchenCount = async () => {
      await admin.goto('/dashboard/kitchen');
      await admin.getByLabel('Day', { exact: true }).fill(day);
      return admin.getByTestId(`reserved-${servingId}`);
    };
    await expect(await kitchenCount()).toHaveText('1');

    // The member applies for the week on their phone: the rules and the credit it earns show first.
    await page.goto('/dashboard/my-leave');
    await page.getByLabel('First day').fill(from);
    await page.getByLabel('Last day').fill(to);
    await page.getByLabel('Reason (optional)').fill('Home for a week');
    await expect(page.getByText('$28.00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Apply for leave' }).click();
    await expect(page.getByText('Pending').first()).toBeVisible({ timeout: 15_000 });

    // The admin approves it from the queue.
    await admin.goto('/dashboard/leave-queue');
    await admin.getByRole('button', { name: /^Approve Lee Leave/ }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(admin.getByRole('button', { name: /^Approve Lee Leave/ })).toHaveCount(0);

    // Their breakfast is given back: the kitchen counts one fewer.
    await expect(await kitchenCount()).toHaveText('0');
    await page.goto('/dashboard/my-leave');
    await expect(page.getByText('Approved').first()).toBeVisible();

    // A month on, the renewal takes the $28.00 off, and the payment history says so.
    expect(demo.renew().renewed).toBeGreaterThanOrEqual(1);
    await demo.settled();
    const renewal = demo.stripe.invoices.get(
      demo.stripe.subscriptions.get(subscription!.id)?.latest_invoice as string,
    )!;
    expect(renewal.amount_paid).toBe(renewal.total - 2800);
    await page.goto('/dashboard/payment-history');
    await expect(page.getByText(renewal.id as string)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Leave credit/).first()).toBeVisible();
    await expect(page.getByText(/−\$28\.00|-\$28\.00/).first()).toBeVisible();
    await admin.close();
  });

  test('the declined demo card 4000 0000 0000 0002 is refused with the decline message, and gives no membership', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const student = await subscribeAsNewStudent(page, 'Dan Declined', 'Gold', '4000 0000 0000 0002');
    await expect(page.locator('#card-number-error')).toHaveText('Your card was declined.', { timeout: 30_000 });
    await expect(page.getByText('You already purchased this package')).toHaveCount(0);
    expect(subscriptionsOf(student.uid).map((subscription) => subscription.status)).toEqual(['incomplete']);
  });
});

test('the demo image host keeps an upload and serves it back, as the Add Meal form expects of an image host', async () => {
  const host = await startDemoImageHost({ port: 0, dir: join(root, 'test-results', 'demo-uploads') });
  try {
    const picture = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const form = new FormData();
    form.append('image', new Blob([picture], { type: 'image/png' }), 'dish.png');
    const uploaded = await fetch(host.uploadUrl, { method: 'POST', body: form });
    expect(uploaded.status).toBe(200);
    const { data } = (await uploaded.json()) as { data: { url: string } };
    expect(data.url).toMatch(new RegExp(`^${host.origin}/images/[0-9a-f]{24}\\.png$`));
    const served = await fetch(data.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(picture);

    const script = new FormData();
    script.append('image', new Blob(['<svg onload="alert(1)"/>'], { type: 'image/svg+xml' }), 'x.svg');
    const refused = await fetch(host.uploadUrl, { method: 'POST', body: script });
    expect(refused.status).toBe(400);
  } finally {
    await host.close();
  }
});

test('every demo meal shows a picture of its own dish', async () => {
  type Meal = { title: string; image: string };
  const titles = new Set([...demoMeals, ...demoUpcomingMeals].map((meal: Meal) => meal.title));
  const served: Meal[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const response = await fetch(`${site}/api/meals?limit=24${cursor ? `&cursor=${cursor}` : ''}`);
    const page = (await response.json()) as { meals: Meal[]; nextCursor: string | null };
    served.push(...page.meals);
    cursor = page.nextCursor;
  }
  const upcoming = await fetch(`${site}/api/upcoming-meals?limit=24`);
  served.push(...((await upcoming.json()) as { items: Meal[] }).items);
  // A meal published from an upcoming one may be listed twice: one picture per title.
  const imageByTitle = new Map(served.filter((meal) => titles.has(meal.title)).map((meal) => [meal.title, meal.image]));
  expect([...imageByTitle.keys()].sort()).toEqual([...titles].sort());

  const pictures = new Map<string, string>();
  for (const [title, image] of imageByTitle) {
    const response = await fetch(`${site}${image}`);
    expect(response.status, image).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
    const svg = await response.text();
    expect(svg, `${title}'s picture is titled with the dish`).toContain(`<title>${title}</title>`);
    pictures.set(createHash('sha256').update(svg).digest('hex'), title);
  }
  expect(pictures.size, 'one distinct picture per demo meal').toBe(titles.size);
});

test("the production build carries neither the demo's Stripe.js stand-in nor its card note", () => {
  // The site under test is built without the demo's configuration, as production is.
  const marker = 'Stripe stand-in: mount target not found';
  expect(readFileSync(join(root, 'web', 'src', 'testing', 'stripe-js-stand-in.ts'), 'utf8')).toContain(marker);
  const assets = join(root, 'web', 'dist', 'assets');
  const scripts = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(assets, name), 'utf8'));
  // The scan reads the real bundle: the checkout's own test-mode note is in it.
  expect(scripts.some((source) => source.includes('Test mode: pay with 4242'))).toBe(true);
  expect(scripts.filter((source) => source.includes(marker))).toEqual([]);
  expect(scripts.filter((source) => source.includes('Demo payments'))).toEqual([]);
});
