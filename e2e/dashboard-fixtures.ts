// Accounts and API calls the dashboard journeys set up for themselves, so that a journey
// that changes state never touches the demo accounts other journeys rely on.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { Timestamp, getFirestore } from 'firebase-admin/firestore';
import { demoPassword, demoUsers } from './support/auth.js';
import { dialog, expectDialog } from './support/dialogs.js';

const projectId = process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals';
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

export const demoAdmin = { email: demoUsers.admin, password: demoPassword };

function services() {
  if (getApps().length === 0) initializeApp({ projectId });
  return { auth: getAuth(), db: getFirestore() };
}

export type TestAccount = { uid: string; email: string; password: string; name: string };

let counter = 0;
/** A text no other run or journey uses. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${(counter++).toString(36)}`;

/**
 * A new student, registered as the site registers one (an Auth account, then POST /api/users);
 * with `membership` they hold that package, as a recorded payment leaves them.
 */
export async function createStudent(
  request: APIRequestContext,
  { membership, name }: { membership?: 'Silver' | 'Gold' | 'Platinum'; name?: string } = {},
) {
  const { auth, db } = services();
  const id = unique('student').replace(/\W+/g, '-');
  const account: TestAccount = {
    uid: '',
    email: `${id}@e2e.hostelhub.test`,
    password: demoPassword,
    name: name ?? `Test ${id}`,
  };
  const created = await auth.createUser({
    email: account.email,
    password: account.password,
    displayName: account.name,
    emailVerified: true,
  });
  account.uid = created.uid;
  const token = await apiTokenFor(request, account);
  await callApi(request, token, 'POST', '/users', { name: account.name, email: account.email });
  if (membership) {
    // The payment flow needs Stripe, which these journeys do not exercise.
    await db.doc(`users/${created.uid}`).update({
      badge: membership,
      membership: {
        packageId: membership.toLowerCase(),
        packageName: membership,
        status: 'active',
        currentPeriodEnd: Timestamp.fromMillis(Date.now() + 20 * 86_400_000),
        cancelAtPeriodEnd: false,
        subscriptionId: null,
      },
    });
  }
  return account;
}

/** Disables an account in Firebase Auth, as an administrator in the console would. */
export async function disableAccount(uid: string) {
  await services().auth.updateUser(uid, { disabled: true });
}

/** The demo's first hall (ADR 72): a serving names its hall once the hostel has two, as the demo does. */
export const mainHall = 'main';

/** The API token of an account: a password sign-in on the Auth emulator, exchanged at /api/jwt. */
export async function apiTokenFor(request: APIRequestContext, account: { email: string; password: string }) {
  const signIn = await request.post(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { data: { email: account.email, password: account.password, returnSecureToken: true } },
  );
  if (!signIn.ok()) throw new Error(`Sign-in of ${account.email} failed: ${await signIn.text()}`);
  const { idToken } = await signIn.json();
  const jwt = await request.post('/api/jwt', {
    headers: { authorization: `Bearer ${idToken}` },
    data: { email: account.email },
  });
  if (!jwt.ok()) throw new Error(`/api/jwt for ${account.email} answered ${jwt.status()}: ${await jwt.text()}`);
  return ((await jwt.json()) as { token: string }).token;
}

/** Calls the API as an account and returns the JSON body, failing loudly on an error status. */
export async function callApi<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** POSTs what creates a document (a meal, a serving, a request) as an account; answers its id. */
export async function insertThroughApi(request: APIRequestContext, token: string, path: string, data: unknown) {
  return (await callApi<{ insertedId: string }>(request, token, 'POST', path, data)).insertedId;
}

/** A complete meal body for the add-meal and upcoming-meal calls. */
export const mealBody = (title: string) => ({
  title,
  category: 'Dinner',
  image: '/images/meals/dinner-1.svg',
  ingredients: 'Lentils, Onion, Cumin',
  description: 'Made for an end-to-end journey.',
  price: 14.5,
  distributorName: 'Green Bowl Kitchen',
  distributorEmail: 'orders@greenbowl.test',
});

/**
 * Searches Serve Meals for `text` and waits until the page shows the search's list: the queue
 * it replaces lists the same pending rows, and a serve pressed there keeps its Undo in the
 * queue, not in the search.
 */
export async function searchRequests(page: Page, text: string) {
  await page.getByLabel('Search requests').fill(text);
  await expect(page.getByRole('table', { name: 'Meal requests', exact: true })).toBeVisible();
}

/** Waits for a dialog that closes by itself (the site's 1.5 s success messages) to go. */
export async function expectTimedDialog(page: Page, title: string) {
  await expectDialog(page, title);
  await expect(dialog(page)).toBeHidden({ timeout: 4000 });
}

/** Answers a confirmation dialog with its confirm button. */
export async function confirmWith(page: Page, buttonName: string) {
  await dialog(page).getByRole('button', { name: buttonName }).click();
}

/**
 * A member and a meal of their own (added by the demo admin), so no other journey's requests
 * or reviews are in the way.
 */
export async function memberWithOwnMeal(
  request: APIRequestContext,
  titlePrefix: string,
  membership: 'Silver' | 'Gold' | 'Platinum' = 'Gold',
) {
  const member = await createStudent(request, { membership });
  const adminToken = await apiTokenFor(request, demoAdmin);
  const title = unique(titlePrefix);
  const mealId = await insertThroughApi(request, adminToken, '/add-meal', mealBody(title));
  return { member, adminToken, title, mealId };
}

type MenuAnswer = { days: { date: string }[] };

/**
 * A serving of the meal open all day on the hostel's today, its cutoff a quarter of an hour
 * ahead so the member can still reserve it (and before the serving ends at 23:59). The journey
 * runs at a fixed hostel time (`test.use({ atMonthEnd: true })`, support/hostel-clock.ts), so
 * the day never ends under it: `request` and the browser run at `at`, and so does the API for
 * their calls.
 */
export async function servingOpenAllDay(
  request: APIRequestContext,
  adminToken: string,
  mealId: string,
  slot: string,
  at: Date | null,
  hallId: string = mainHall,
) {
  if (at === null) throw new Error('A serving open all day needs the journey at a fixed hostel time (atMonthEnd)');
  const menu = (await (await request.get('/api/menu?days=1')).json()) as MenuAnswer;
  const today = menu.days[0]!.date;
  const servingId = await insertThroughApi(request, adminToken, '/servings', {
    hallId,
    mealId,
    date: today,
    slot,
    startTime: '00:00',
    endTime: '23:59',
    cutoffAt: new Date(at.getTime() + 15 * 60_000).toISOString(),
  });
  return { today, servingId };
}
