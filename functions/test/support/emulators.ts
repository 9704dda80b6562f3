// Test helpers for the API suite: real Auth-emulator users, real Firestore, HTTP calls.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { signApiToken } from '../../src/lib/api-token.js';
import { emulatorProjectId } from './projects.js';

/**
 * This test file's project on the Auth and Firestore emulators: the project of its worker
 * (support/in-process.mts) for in-process files, the emulators' own for the smoke tier.
 */
export const projectId = process.env.GCLOUD_PROJECT ?? emulatorProjectId;
const authHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** The API as the browser reaches it: through the Hosting rewrite to the Functions emulator. */
export const hostingApiBase = `${process.env.HOSTING_URL ?? 'http://127.0.0.1:5000'}/api`;

/**
 * Where this file's calls go: the Express app served in this test process (API_BASE, set by
 * support/in-process.mts), or through Hosting for the smoke tier (see vitest.config.ts).
 */
export const apiBase = process.env.API_BASE ?? hostingApiBase;

if (getApps().length === 0) initializeApp({ projectId });
export const db = getFirestore();
export const auth = getAuth();

export type TestUser = { uid: string; email: string; token: string };

let counter = 0;
/** A unique email, so tests never collide with each other or with earlier runs. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}@test.hostelhub.test`;
}

/** A call to the Auth emulator's REST API, as the Firebase web SDK makes it. */
async function identityToolkit(operation: string, body: Record<string, unknown>) {
  // The emulators' own project is the one an API key stands for; another project (a worker's)
  // is named in the body, which the emulator accepts only with its `owner` bearer.
  const ownProject = projectId === emulatorProjectId;
  const response = await fetch(
    `http://${authHost}/identitytoolkit.googleapis.com/v1/accounts:${operation}?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(ownProject ? {} : { authorization: 'Bearer owner' }) },
      body: JSON.stringify(ownProject ? body : { ...body, targetProjectId: projectId }),
    },
  );
  const answer = (await response.json()) as { localId: string; idToken: string };
  if (!response.ok) throw new Error(`${operation} failed: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Signs up a real user on the Auth emulator and signs in with its password, as the site does:
 * returns its Firebase ID token, for the tests of the token exchange (POST /jwt).
 */
export async function signUp(email = uniqueEmail(), password = 'password123', displayName = 'Test User') {
  const created = await identityToolkit('signUp', { email, password, displayName, returnSecureToken: true });
  const idToken = await signIn(email, password);
  return { uid: created.localId, email, idToken };
}

/** Signs in with the password on the Auth emulator and returns the new Firebase ID token. */
export async function signIn(email: string, password = 'password123'): Promise<string> {
  return (await identityToolkit('signInWithPassword', { email, password, returnSecureToken: true })).idToken;
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
 * An account made on the Auth emulator by the Admin SDK, with an API token signed as POST /jwt
 * signs one: for tests about something else than signing in, which session.test.ts covers.
 */
export async function createAccount(email = uniqueEmail(), password = 'password123', displayName = 'Test User') {
  const record = await auth.createUser({ email, password, displayName });
  return { uid: record.uid, email, token: signApiToken({ uid: record.uid, email }) };
}

/**
 * An account (createAccount) with a profile stored by the API (POST /users).
 * role and badge are then set directly in Firestore, as an admin would.
 */
export async function createUser(
  options: { role?: 'student' | 'admin'; badge?: string; name?: string; email?: string } = {},
): Promise<TestUser> {
  const account = await createAccount(
    options.email ?? uniqueEmail(options.role ?? 'student'),
    'password123',
    options.name ?? 'Test User',
  );
  const created = await call('POST', '/users', {
    token: account.token,
    body: { name: options.name ?? 'Test User', email: account.email },
  });
  if (created.status !== 200 && created.status !== 201) {
    throw new Error(`POST /users failed: ${created.status} ${JSON.stringify(created.body)}`);
  }
  const changes: Record<string, unknown> = {};
  if (options.role) changes.role = options.role;
  if (options.badge) changes.badge = options.badge;
  if (Object.keys(changes).length > 0) await db.doc(`users/${account.uid}`).update(changes);
  return account;
}

/** The API's signing key in this run (scripts/test.mjs makes one per run), for forging tokens in tests. */
export function developmentJwtSecret(): string {
  const secret = process.env.JWT_SECRET;
  if (!secret) throw new Error('JWT_SECRET is not set: run through `npm test`');
  return secret;
}
