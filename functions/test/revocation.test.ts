// An API token is only as good as the account behind it: disabling, deleting or revoking the
// Firebase account ends API access within the cache window (30 s), and admin rights at once.
import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { call, createUser, type TestUser } from './support/emulators.js';

const auth = getAuth();
/** accountStateCacheMs in lib/account-state.ts, with room for a slow emulator. */
const revocationWindowMs = 45_000;

const ownProfile = (user: TestUser) =>
  call('GET', `/user?email=${encodeURIComponent(user.email)}`, { token: user.token });
const adminList = (user: TestUser) => call('GET', '/users?limit=1', { token: user.token });

/** Polls until `request` answers 401, and returns how long that took. */
async function timeUntilRefused(request: () => Promise<{ status: number; body: any }>) {
  const started = Date.now();
  for (;;) {
    const response = await request();
    if (response.status === 401) {
      expect(response.body).toEqual({ message: expect.stringMatching(/session has ended/i) });
      return Date.now() - started;
    }
    expect(response.status).toBe(200);
    if (Date.now() - started > revocationWindowMs) throw new Error('the token still worked after the window');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Token times have one-second resolution: act in a later second than the token's. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe.concurrent('a token of an account that has ended', () => {
  it('stops working when the account is disabled', async () => {
    const user = await createUser();
    expect((await ownProfile(user)).status).toBe(200);
    await auth.updateUser(user.uid, { disabled: true });
    expect(await timeUntilRefused(() => ownProfile(user))).toBeLessThan(revocationWindowMs);
  });

  it('stops working when the account is deleted', async () => {
    const user = await createUser();
    expect((await ownProfile(user)).status).toBe(200);
    await auth.deleteUser(user.uid);
    expect(await timeUntilRefused(() => ownProfile(user))).toBeLessThan(revocationWindowMs);
  });

  it('stops working when the sessions are revoked, and a new sign-in works again', async () => {
    const user = await createUser();
    expect((await ownProfile(user)).status).toBe(200);
    await nextSecond();
    await auth.revokeRefreshTokens(user.uid);
    expect(await timeUntilRefused(() => ownProfile(user))).toBeLessThan(revocationWindowMs);
    await nextSecond();
    const again = await createFreshToken(user);
    expect((await ownProfile({ ...user, token: again })).status).toBe(200);
  });

  it('ends admin rights at once when an admin is disabled or revoked', async () => {
    const disabled = await createUser({ role: 'admin' });
    const revoked = await createUser({ role: 'admin' });
    expect((await adminList(disabled)).status).toBe(200);
    expect((await adminList(revoked)).status).toBe(200);
    await nextSecond();
    await auth.updateUser(disabled.uid, { disabled: true });
    await auth.revokeRefreshTokens(revoked.uid);
    expect((await adminList(disabled)).status).toBe(401);
    expect((await adminList(revoked)).status).toBe(401);
  });
});

/** Signs in again with the password and exchanges the new ID token for an API token. */
async function createFreshToken(user: TestUser): Promise<string> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
  const signIn = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'password123', returnSecureToken: true }),
    },
  );
  const { idToken } = (await signIn.json()) as { idToken: string };
  const jwt = await call('POST', '/jwt', { token: idToken, body: {} });
  expect(jwt.status).toBe(200);
  return jwt.body.token as string;
}
