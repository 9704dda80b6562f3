import { http, HttpResponse } from 'msw';
import { apiRequest, getStoredToken, storeToken } from '@/lib/api-client';
import { server } from '@/testing/server';
import {
  createApiTokenKeeper,
  renewBeforeExpiryMs,
  shortestRenewalDelayMs,
  type TokenHolder,
} from './api-token-keeper';

// Firebase Auth is the edge: a holder whose ID token says who asked and whether it was forced.
function holder(uid: string): TokenHolder & { asked: boolean[] } {
  const asked: boolean[] = [];
  return {
    uid,
    email: `${uid}@hostelhub.test`,
    asked,
    getIdToken: async (forceRefresh?: boolean) => {
      asked.push(forceRefresh === true);
      return `id-token-of-${uid}`;
    },
  };
}

/**
 * A token shaped like the API's, for `name`, issued now and expiring `seconds` later on the
 * API's clock, which is `skewSeconds` ahead of this device's.
 */
function apiToken(name: string, seconds: number, skewSeconds = 0) {
  const issuedAt = Math.floor(Date.now() / 1000) + skewSeconds;
  const claims = { sub: name, iat: issuedAt, exp: issuedAt + seconds };
  return `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify(claims))}.sig`;
}
const subjectOf = (token: string | null) =>
  token ? (JSON.parse(atob(token.split('.')[1]!)) as { sub: string }).sub : null;

/** The API's POST /jwt: a new token each time, for the bearer, lasting `seconds`. */
function answerJwt(seconds = 3600, skewSeconds = 0) {
  const bearers: string[] = [];
  server.use(
    http.post('*/api/jwt', ({ request }) => {
      bearers.push(request.headers.get('authorization') ?? '');
      return HttpResponse.json({ token: apiToken(`token-${bearers.length}`, seconds, skewSeconds) });
    }),
  );
  return bearers;
}

const stops: (() => void)[] = [];
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
});

function keeperFor(who: TokenHolder | null) {
  const keeper = createApiTokenKeeper();
  keeper.follow(who);
  stops.push(keeper.serveRenewals());
  return keeper;
}

/** The timers the keeper plans renewals with, faked; the clock still moves on its own. */
const fakeRenewalTimers = () => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });

/**
 * Riley signed in, with renewals timed on faked timers: a token lasting `seconds` minted and
 * stored. Answers the bearers POST /jwt saw, Riley and the keeper.
 */
async function rileyMinted(seconds: number, skewSeconds = 0) {
  fakeRenewalTimers();
  const bearers = answerJwt(seconds, skewSeconds);
  const riley = holder('riley');
  const keeper = keeperFor(riley);
  await keeper.mint(riley);
  return { bearers, riley, keeper };
}

test('minting exchanges the Firebase ID token at POST /jwt and stores the answer', async () => {
  const bearers = answerJwt();
  const riley = holder('riley');
  const keeper = keeperFor(riley);
  const token = await keeper.mint(riley);
  expect(bearers).toEqual(['Bearer id-token-of-riley']);
  expect(riley.asked).toEqual([false]);
  expect(subjectOf(token)).toBe('token-1');
  expect(getStoredToken()).toBe(token);
});

test('the token is renewed five minutes before it expires, with a fresh Firebase ID token', async () => {
  const { bearers, riley } = await rileyMinted(3600);

  await vi.advanceTimersByTimeAsync(3600_000 - renewBeforeExpiryMs - 60_000);
  expect(bearers).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(2 * 60_000);
  await vi.waitFor(() => expect(subjectOf(getStoredToken())).toBe('token-2'));
  expect(riley.asked).toEqual([false, true]);
});

test.each([
  ['a month behind', 30 * 86_400],
  ['a day ahead', -86_400],
])('on a device whose clock is %s, the token is still renewed five minutes before its hour ends', async (_, skew) => {
  const { bearers } = await rileyMinted(3600, skew);

  await vi.advanceTimersByTimeAsync(3600_000 - renewBeforeExpiryMs - 60_000);
  expect(bearers).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(2 * 60_000);
  await vi.waitFor(() => expect(bearers).toHaveLength(2));
});

test('a token that expires within five minutes is renewed after half a minute, not at once', async () => {
  const { bearers } = await rileyMinted(60);

  await vi.advanceTimersByTimeAsync(shortestRenewalDelayMs - 5_000);
  expect(bearers).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(10_000);
  await vi.waitFor(() => expect(bearers).toHaveLength(2));
});

test('an answer that arrives after the session ended is dropped, and nothing is renewed later', async () => {
  fakeRenewalTimers();
  let answer: () => void = () => undefined;
  let asked = 0;
  server.use(
    http.post('*/api/jwt', async () => {
      asked += 1;
      await new Promise<void>((resolve) => (answer = resolve));
      return HttpResponse.json({ token: apiToken('late', 3600) });
    }),
  );
  const riley = holder('riley');
  const keeper = keeperFor(riley);
  const minting = keeper.mint(riley);
  await vi.waitFor(() => expect(asked).toBe(1));
  // The account was disabled: Firebase reports nobody while the exchange is under way.
  keeper.follow(null);
  keeper.drop();
  answer();
  expect(await minting).toBeNull();
  expect(getStoredToken()).toBeNull();
  await vi.advanceTimersByTimeAsync(2 * 3600_000);
  expect(asked).toBe(1);
});

test("an answer for someone who is no longer signed in is not stored as the next person's", async () => {
  let answer: () => void = () => undefined;
  server.use(
    http.post('*/api/jwt', async ({ request }) => {
      if (request.headers.get('authorization') === 'Bearer id-token-of-riley') {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ token: apiToken('riley-token', 3600) });
      }
      return HttpResponse.json({ token: apiToken('sam-token', 3600) });
    }),
  );
  const riley = holder('riley');
  const sam = holder('sam');
  const keeper = keeperFor(riley);
  const rileyMinting = keeper.mint(riley);
  await vi.waitFor(() => expect(riley.asked).toHaveLength(1));
  keeper.follow(sam);
  expect(subjectOf(await keeper.mint(sam))).toBe('sam-token');
  answer();
  expect(await rileyMinting).toBeNull();
  expect(subjectOf(getStoredToken())).toBe('sam-token');
});

test('a refused call is renewed once and repeated; with nobody signed in it is not', async () => {
  answerJwt();
  let seen: string[] = [];
  server.use(
    http.get('*/api/user', ({ request }) => {
      const bearer = request.headers.get('authorization') ?? '';
      seen.push(bearer);
      return bearer.includes('stale')
        ? HttpResponse.json({ message: 'Token expired' }, { status: 401 })
        : HttpResponse.json({ ok: true });
    }),
  );
  const riley = holder('riley');
  const keeper = keeperFor(riley);
  storeToken('stale');
  const { status } = await apiRequest('/user');
  expect(status).toBe(200);
  expect(seen).toHaveLength(2);
  expect(riley.asked).toEqual([true]);

  seen = [];
  keeper.follow(null);
  keeper.drop();
  storeToken('stale');
  await expect(apiRequest('/user')).rejects.toThrow('Token expired');
  expect(seen).toHaveLength(1);
});

test('a failed exchange resolves null, stores nothing and plans no renewal', async () => {
  fakeRenewalTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  let asked = 0;
  server.use(
    http.post('*/api/jwt', () => {
      asked += 1;
      return HttpResponse.json({ message: 'Token revoked' }, { status: 401 });
    }),
  );
  const riley = holder('riley');
  const keeper = keeperFor(riley);
  expect(await keeper.mint(riley)).toBeNull();
  expect(getStoredToken()).toBeNull();
  await vi.advanceTimersByTimeAsync(2 * 3600_000);
  expect(asked).toBe(1);
});

test('dropping the token forgets it and cancels its renewal', async () => {
  const { bearers, keeper } = await rileyMinted(3600);
  keeper.drop();
  expect(getStoredToken()).toBeNull();
  await vi.advanceTimersByTimeAsync(2 * 3600_000);
  expect(bearers).toHaveLength(1);
});
