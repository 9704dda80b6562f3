// Test helpers for the API suite: real Auth-emulator users, real Firestore, HTTP calls.
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { endpointPath, routes, type BodyOf, type RouteName } from '@hostelhub/contracts';
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

/** An answer of the API: its status and its body parsed as JSON (the text where it is not). */
export type Answered = { status: number; body: any };

/** A route's `:name` path segments, as a union of their names. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsOption<Path extends string> = [ParamNames<Path>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<Path>, string> };

/**
 * A query as the tests write it: each value sent as its text, undefined ones left out; or a
 * query string as it stands, for the tests of a malformed one.
 */
export type Query = Record<string, string | number | boolean | undefined> | URLSearchParams | string;

/**
 * What a call of an entry of the endpoint table sends: its path params (each one the route has,
 * typed), a query, and a body typed as the route's body schema reads it. `untypedBody` sends a
 * body unchecked by the type: for the tests of what the API refuses, and for helpers that
 * pass a test's own body through.
 */
export type EndpointCall<Name extends RouteName> = Omit<CallOptions, 'body'> &
  ParamsOption<(typeof routes)[Name]['path']> & {
    query?: Query;
  } & ({ body?: BodyOf<(typeof routes)[Name]>; untypedBody?: never } | { body?: never; untypedBody: unknown });

/** The arguments of a call: the options may be left out where a route has no params. */
export type CallArgs<Name extends RouteName> = [ParamNames<(typeof routes)[Name]['path']>] extends [never]
  ? [options?: EndpointCall<Name>]
  : [options: EndpointCall<Name>];

/** An entry's path with its params filled in and its query, without the API's base. */
export function pathOf<Name extends RouteName>(name: Name, ...[options]: CallArgs<Name>): string {
  const call = (options ?? {}) as { params?: Record<string, string>; query?: Query };
  const path = endpointPath(routes[name].path, call.params);
  const query =
    typeof call.query === 'string' || call.query instanceof URLSearchParams
      ? new URLSearchParams(call.query)
      : new URLSearchParams(
          Object.entries(call.query ?? {}).flatMap(([key, value]): [string, string][] =>
            value === undefined ? [] : [[key, String(value)]],
          ),
        );
  return query.size > 0 ? `${path}?${query}` : path;
}

/** The full URL of an entry (pathOf at `base`): for tests that read the raw Response. */
export function urlOf<Name extends RouteName>(name: Name, ...args: CallArgs<Name>): string {
  const base = (args[0] as CallOptions | undefined)?.base ?? apiBase;
  return `${base}${pathOf(name, ...args)}`;
}

/**
 * Calls an entry of the endpoint table by its name, as the site does: method and path come
 * from the table, so the API tests write no path of their own. Returns the status and the
 * parsed JSON body (the text where it is not JSON).
 */
export function call<Name extends RouteName>(name: Name, ...args: CallArgs<Name>): Promise<Answered> {
  const options = (args[0] ?? {}) as CallOptions & { untypedBody?: unknown };
  const { base, token, headers } = options;
  const body = 'untypedBody' in options ? options.untypedBody : options.body;
  return raw(routes[name].method.toUpperCase(), pathOf(name, ...args), { base, token, headers, body });
}

/**
 * Calls the API at a path written by hand. Only for what the endpoint table cannot name: an
 * unknown path or method, a malformed segment, the Hosting rewrites. Every other call goes
 * through `call`, which `scripts/check-paths.mjs` enforces for functions/test.
 */
export async function raw(method: string, path: string, options: CallOptions = {}): Promise<Answered> {
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
  const created = await call('createUser', {
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
