// Test helpers for the API suite: real Auth-emulator users, real Firestore, HTTP calls.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

const projectId = process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals';
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** The API as the browser reaches it: through the Hosting rewrite. */
export const apiBase = `${process.env.HOSTING_URL ?? 'http://127.0.0.1:5000'}/api`;

if (getApps().length === 0) initializeApp({ projectId });
export const db = getFirestore();

export type TestUser = { uid: string; email: string; idToken: string; token: string };

let counter = 0;
/** A unique email, so tests never collide with each other or with earlier runs. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@test.hostelhub.test`;
}

/** Signs up a real user on the Auth emulator and returns its Firebase ID token. */
export async function signUp(email = uniqueEmail(), password = 'password123', displayName = 'Test User') {
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { localId: string; idToken: string };
  if (!response.ok) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  return { uid: body.localId, email, idToken: body.idToken };
}

/**
 * Marks an account's email address verified on the Auth emulator, as following the emailed
 * link does (the emulator's admin API, which accepts the `owner` bearer).
 */
export async function markEmailVerified(uid: string) {
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: uid, emailVerified: true }),
    },
  );
  if (!response.ok) throw new Error(`marking the email verified failed: ${await response.text()}`);
}

export type CallOptions = {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Another base URL of the same API (see local-api.ts); the Hosting emulator by default. */
  base?: string;
};

/** Calls the API and returns the status and parsed JSON body. */
export async function call(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${options.base ?? apiBase}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: any = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text so the assertion shows what came back.
  }
  return { status: response.status, body };
}

/**
 * A signed-up user with a stored profile (POST /users) and an API token (POST /jwt).
 * role and badge are then set directly in Firestore, as an admin would.
 */
export async function createUser(
  options: { role?: 'student' | 'admin'; badge?: string; name?: string; email?: string } = {},
): Promise<TestUser> {
  const account = await signUp(
    options.email ?? uniqueEmail(options.role ?? 'student'),
    'password123',
    options.name ?? 'Test User',
  );
  const jwt = await call('POST', '/jwt', { token: account.idToken, body: { email: account.email } });
  if (jwt.status !== 200) throw new Error(`jwt failed: ${jwt.status} ${JSON.stringify(jwt.body)}`);
  const token = jwt.body.token as string;
  const created = await call('POST', '/users', {
    token,
    body: { name: options.name ?? 'Test User', email: account.email },
  });
  if (created.status !== 200 && created.status !== 201) {
    throw new Error(`POST /users failed: ${created.status} ${JSON.stringify(created.body)}`);
  }
  const changes: Record<string, unknown> = {};
  if (options.role) changes.role = options.role;
  if (options.badge) changes.badge = options.badge;
  if (Object.keys(changes).length > 0) await db.doc(`users/${account.uid}`).update(changes);
  return { ...account, token };
}

/** The API's signing key in this run (scripts/test.mjs makes one per run), for forging tokens in tests. */
export function developmentJwtSecret(): string {
  const secret = process.env.JWT_SECRET;
  if (!secret) throw new Error('JWT_SECRET is not set: run through `npm test`');
  return secret;
}
