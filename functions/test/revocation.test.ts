// An API token is only as good as the account behind it: disabling, deleting or revoking the
// Firebase account ends API access within the cache window (30 s), and admin rights at once.
// The app runs in this process, so the window is given by moving its clock, not waited for.
import { getAuth } from 'firebase-admin/auth';
import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountStateCacheMs } from '../src/lib/account-state.js';
import { call, createUser, signIn, type TestUser } from './support/emulators.js';

const auth = getAuth();

const ownProfile = (user: TestUser) => call('user', { query: { email: user.email }, token: user.token });
const adminList = (user: TestUser) => call('users', { query: { limit: '1' }, token: user.token });

afterEach(() => {
  vi.useRealTimers();
});

/**
 * Answers `request` before and after the account's cached state expires: the app's clock (this
 * process's Date) is moved just past accountStateCacheMs. Only Date is faked, so I/O runs as is.
 */
async function beforeAndAfterTheWindow(request: () => Promise<{ status: number; body: any }>) {
  const cached = await request();
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + accountStateCacheMs + 1_000 });
  const after = await request();
  return { cached, after };
}

const sessionEnded = { status: 401, body: { message: expect.stringMatching(/session has ended/i) } };

/**
 * Token times have one-second resolution (ADR 0009): a revocation counts against tokens signed
 * in an earlier second. Waits for the second after the one `token` was signed in (under 1 s).
 */
async function nextSecondAfter(token: string) {
  const { iat } = jwt.decode(token) as { iat: number };
  const wait = (iat + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 20));
}

describe('a token of an account that has ended', () => {
  it('stops working when the account is disabled, once the cached state expires', async () => {
    const user = await createUser();
    expect((await ownProfile(user)).status).toBe(200);
    await auth.updateUser(user.uid, { disabled: true });
    const { cached, after } = await beforeAndAfterTheWindow(() => ownProfile(user));
    // Within the window the instance's cached state still lets the token through.
    expect(cached.status).toBe(200);
    expect(after).toMatchObject(sessionEnded);
  });

  it('stops working when the account is deleted', async () => {
    const user = await createUser();
    expect((await ownProfile(user)).status).toBe(200);
    await auth.deleteUser(user.uid);
    expect((await beforeAndAfterTheWindow(() => ownProfile(user))).after).toMatchObject(sessionEnded);
  });

  it('stops working when the sessions are revoked, and a new sign-in works again', async () => {
    const user = await createUser();
    expect((await ownProfile(user)).status).toBe(200);
    await nextSecondAfter(user.token);
    await auth.revokeRefreshTokens(user.uid);
    expect((await beforeAndAfterTheWindow(() => ownProfile(user))).after).toMatchObject(sessionEnded);
    vi.useRealTimers();
    // A token signed in the revocation's own second is valid (as Firebase's own check).
    const again = await createFreshToken(user);
    expect((await ownProfile({ ...user, token: again })).status).toBe(200);
  });

  it('ends admin rights at once when an admin is disabled or revoked', async () => {
    const disabled = await createUser({ role: 'admin' });
    const revoked = await createUser({ role: 'admin' });
    expect((await adminList(disabled)).status).toBe(200);
    expect((await adminList(revoked)).status).toBe(200);
    await nextSecondAfter(revoked.token);
    await auth.updateUser(disabled.uid, { disabled: true });
    await auth.revokeRefreshTokens(revoked.uid);
    expect((await adminList(disabled)).status).toBe(401);
    expect((await adminList(revoked)).status).toBe(401);
  });
});

/** Signs in again with the password and exchanges the new ID token for an API token. */
async function createFreshToken(user: TestUser): Promise<string> {
  const idToken = await signIn(user.email);
  const exchanged = await call('jwt', { token: idToken, body: {} });
  expect(exchanged.status).toBe(200);
  return exchanged.body.token as string;
}
