import { followEmailVerificationLink } from './support/email-verification.js';
import { expect, test, type Page } from './support/test.js';
import { startFakeStripe, type FakeStripe } from '../scripts/lib/fake-stripe/server.mjs';
import { stripeStandInScript } from '../web/src/testing/stripe-js-stand-in.js';

// Stripe cannot be reached here: the API's Stripe SDK talks to the local fake (started on
// STRIPE_API_PORT by this file), and the browser gets a stand-in for Stripe.js whose calls to
// api.stripe.com are answered by the same fake.
let stripe: FakeStripe;
test.beforeAll(async () => {
  stripe = await startFakeStripe();
});
test.afterAll(async () => {
  await stripe?.close();
});

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'POST, OPTIONS',
};

async function routeStripe(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: stripeStandInScript() }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: corsHeaders });
    const id = /\/v1\/payment_intents\/(\w+)\/confirm$/.exec(new URL(request.url()).pathname)?.[1];
    const form = new URLSearchParams(request.postData() ?? '');
    const paymentIntent = id ? stripe.paymentIntents.get(id) : undefined;
    if (!paymentIntent || form.get('client_secret') !== paymentIntent.client_secret) {
      return route.fulfill({
        status: 404,
        headers: corsHeaders,
        json: { error: { type: 'invalid_request_error', message: 'No such payment_intent' } },
      });
    }
    const card = form.get('payment_method') === 'pm_card_declined' ? 'declined' : 'ok';
    return route.fulfill({ headers: corsHeaders, json: stripe.confirm(paymentIntent.id, card) });
  });
}

/** A fresh account on the Auth emulator, so the purchase does not change the demo users. */
async function signUpFreshStudent() {
  const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const email = `buyer-${Date.now().toString(36)}@test.hostelhub.test`;
  const response = await fetch(`http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'password123', displayName: 'Bea Buyer', returnSecureToken: true }),
  });
  expect(response.ok).toBe(true);
  const { localId } = (await response.json()) as { localId: string };
  return { uid: localId, email, name: 'Bea Buyer' };
}

async function closeDialog(page: Page) {
  await page.locator('.swal2-confirm').click();
  await expect(page.locator('.swal2-popup')).toBeHidden();
}

async function typeCard(page: Page, number: string) {
  await page.getByPlaceholder('1234 1234 1234 1234').fill(number);
  await page.getByPlaceholder('MM / YY').fill('12 / 34');
  await page.getByPlaceholder('CVC').fill('123');
}

/** A day as My Profile shows it: "15 Dec" in the hostel's calendar (Europe/London), with the year when not this one. */
function shownDay(seconds: number) {
  const date = new Date(seconds * 1000);
  const timeZone = 'Europe/London';
  const year = (when: Date) => new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone }).format(when);
  const sameYear = year(date) === year(new Date());
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone,
  }).format(date);
}

test('a student subscribes to Silver, sees the plan and renewal date on My Profile, cancels and sees the end date', async ({
  page,
}) => {
  // Several pages and a payment; each may wait for a function instance to start on the emulator.
  test.setTimeout(180_000);
  await routeStripe(page);
  const student = await signUpFreshStudent();

  // Login required: the checkout sends a visitor to /login and comes back after it.
  await page.goto('/checkout/silver');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/silver$/);
  await closeDialog(page); // 'Welcome back'

  await expect(page.getByRole('heading', { name: 'Silver membership' })).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$20.99'); // 19.99 + 5% VAT
  // The first period runs to the 15th: what is due today is said before paying.
  const dueToday = page.getByTestId('due-today');
  await expect(dueToday).toHaveText(/^Due today: \$\d+\.\d\d, then \$20\.99 a month including VAT$/);
  const shownDueInCents = Math.round(Number(/\$(\d+\.\d\d)/.exec((await dueToday.textContent()) ?? '')?.[1]) * 100);
  await expect(page.getByLabel('Name')).toHaveValue(student.name);
  await expect(page.getByLabel('Email')).toHaveValue(student.email);
  await expect(page.getByLabel('Name')).toBeDisabled();

  // A new account verifies its email before paying (receipts go there), through the link the
  // site has Firebase send (the Auth emulator keeps it).
  const verify = page.getByTestId('verify-email');
  await expect(verify.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByPlaceholder('1234 1234 1234 1234')).toHaveCount(0);
  await verify.getByRole('button', { name: 'Send verification email' }).click();
  await expect(verify.getByRole('status')).toContainText(`We sent a link to ${student.email}`);
  await followEmailVerificationLink(student.email);
  await verify.getByRole('button', { name: 'I have verified my email' }).click();
  await expect(verify).toBeHidden();

  // A declined card is reported under the card number, and gives no membership.
  await typeCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.locator('#card-number-error')).toHaveText('Your card was declined.');

  await typeCard(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.locator('.swal2-title')).toHaveText('Payment successful');
  await expect(page.locator('.swal2-html-container')).toHaveText('You successfully purchased Silver package');
  await closeDialog(page);
  await expect(page.getByText('You already purchased this package')).toBeVisible();

  // One subscription at the server's Price, renewing on the 15th; the retry after the
  // decline paid the same first invoice.
  const subscriptions = [...stripe.subscriptions.values()].filter((entry) => entry.metadata.uid === student.uid);
  expect(subscriptions).toHaveLength(1);
  const subscription = subscriptions[0]!;
  expect(subscription).toMatchObject({ status: 'active', billing_cycle_anchor_config: { day_of_month: 15 } });
  expect(subscription.items.data[0].price.unit_amount).toBe(1999);
  const invoice = stripe.invoices.get(subscription.latest_invoice)!;
  expect(invoice.status).toBe('paid');
  // What was said to be due today is what the first invoice charged (to the cent the minutes between may move).
  expect(Math.abs(invoice.amount_paid - shownDueInCents)).toBeLessThanOrEqual(1);
  const renewal = subscription.items.data[0].current_period_end as number;

  // On to the dashboard through the header, as a member would.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/my-profile$/);
  const membership = page.getByRole('region', { name: 'Membership' });
  const summary = membership.getByTestId('membership-summary');
  await expect(summary).toHaveText(`Silver · renews ${shownDay(renewal)}`, { timeout: 30_000 });

  // Cancel, at the end of the paid period, after a confirmation.
  await membership.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(page.locator('.swal2-title')).toHaveText('Cancel your membership?');
  await page.locator('.swal2-confirm').click();
  await expect(page.locator('.swal2-title')).toHaveText('Membership cancelled', { timeout: 30_000 });
  await closeDialog(page);
  await expect(summary).toHaveText(`Silver · ends ${shownDay(renewal)} · won't renew`);
  expect(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(true);

  // Renewing again is one press.
  await membership.getByRole('button', { name: 'Renew Silver' }).click();
  await expect(page.locator('.swal2-title')).toHaveText('Membership renewed', { timeout: 30_000 });
  await closeDialog(page);
  await expect(summary).toHaveText(`Silver · renews ${shownDay(renewal)}`);
  expect(stripe.subscriptions.get(subscription.id)?.cancel_at_period_end).toBe(false);

  await page.getByRole('link', { name: 'Payment History' }).click();
  const row = page.getByRole('row').filter({ hasText: invoice.id });
  await expect(row).toContainText('Silver', { timeout: 30_000 });
  await expect(row).toContainText(`$${(invoice.amount_paid / 100).toFixed(2)}`);
  await expect(row).toContainText('Paid');
});

test('the checkout says so when Stripe.js cannot be loaded', async ({ page }) => {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
  await page.goto('/login');
  await page.getByLabel('Email').fill('student@hostelhub.test');
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await closeDialog(page);
  await page.goto('/checkout/gold');
  await expect(page.getByText(/could not be loaded/)).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('$31.49');
  await expect(page.getByTestId('due-today')).toContainText('then $31.49 a month including VAT');
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
});

test('public pages do not download Stripe', async ({ page }) => {
  const stripeRequests: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('stripe.com')) stripeRequests.push(request.url());
  });
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.text());
  });
  for (const path of ['/', '/meals']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  expect(stripeRequests).toEqual([]);
  expect(scripts.filter((source) => source.includes('js.stripe.com'))).toEqual([]);
});
