// Rate limits (lib/rate-limit.ts, ADR 0018): counted in Firestore, so they hold across
// instances; each refusal is a JSON 429 with Retry-After, and only the caller over the limit
// is refused.
import type { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { shortCodeAlphabet } from '@hostelhub/contracts';
import { rateLimitSettings, shortCodeFailuresPerMinute } from '../src/config.js';
import { counterKey, rateLimitWindowMs } from '../src/lib/rate-limit.js';
import { apiBase, call, db } from './support/emulators.js';
import { callWithHeaders, localApisWithLimits, type LocalApi } from './support/local-api.js';
import { mealData, seedTitledMeal } from './support/meals.js';
import { someAddress } from './support/addresses.js';
import { createUserDirect } from './support/users.js';

type Answer = Awaited<ReturnType<typeof call>>;

function expectRefusal(answer: { status: number; body: unknown; retryAfter: string | null }) {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual({ message: expect.stringMatching(/too many requests/i) });
  expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(answer.retryAfter)).toBeLessThanOrEqual(120);
}

const statuses = (answers: Answer[]) => answers.map((answer) => answer.status);

const localApi = localApisWithLimits();

describe('the limit on writes, per user', () => {
  it('ends forty quick likes by one user in JSON 429s with Retry-After, while another user still likes', async () => {
    const { writesPerMinute } = rateLimitSettings();
    expect(writesPerMinute).toBeLessThan(40);
    const [greedy, other] = [await createUserDirect(), await createUserDirect()];
    const meal = await seedTitledMeal();

    const answers: Answer[] = [];
    for (let index = 0; index < 40; index++) {
      answers.push(await call('like', { token: greedy.token, body: { mealId: meal.id } }));
    }
    expect(statuses(answers)).toEqual([...Array(writesPerMinute).fill(200), ...Array(40 - writesPerMinute).fill(429)]);
    expect(answers.at(-1)?.body).toEqual({ message: expect.stringMatching(/too many requests/i) });
    const refusedAgain = await callWithHeaders('resumeSubscription', {
      base: apiBase,
      headers: {
        authorization: `Bearer ${greedy.token}`,
      },
    });
    expectRefusal(refusedAgain);

    const otherLike = await call('like', { token: other.token, body: { mealId: meal.id } });
    expect(otherLike.status).toBe(200);
    expect(otherLike.body).toMatchObject({ modifiedCount: 1, likes: 2 });
    expect((await mealData(meal.id)).likesCount).toBe(2);
    // Reads are not writes: the refused user still sees the meal.
    expect((await call('meal', { params: { id: meal.id }, token: greedy.token })).status).toBe(200);
  });

  it('holds across instances: two apps on one database share one count', async () => {
    const [first, second] = [await localApi({ writesPerMinute: 4 }), await localApi({ writesPerMinute: 4 })];
    const user = await createUserDirect();
    const meal = await seedTitledMeal();
    const like = (api: LocalApi) => api.call('like', { token: user.token, body: { mealId: meal.id } });

    const answers = [await like(first), await like(second), await like(first), await like(second)];
    expect(statuses(answers)).toEqual([200, 200, 200, 200]);
    expect((await like(second)).status).toBe(429);
    expect((await like(first)).status).toBe(429);
    const counters = await db.collection('rateLimits').where('scope', '==', 'writes').get();
    const ids = counters.docs.map((doc) => doc.id).join(' ');
    expect(ids).not.toContain(user.uid);
  });
});

describe('the limit on the counter’s writes, per member of staff', () => {
  it('lets staff serve 60 at the counter in a minute past the writes limit, counted apart and still bounded', async () => {
    const { writesPerMinute, counterWritesPerMinute } = rateLimitSettings();
    expect(writesPerMinute).toBeLessThan(60);
    // A lunch queue at the counter: a member every second, and room beside it.
    expect(counterWritesPerMinute).toBeGreaterThanOrEqual(120);
    const api = await localApi({});
    const cook = await createUserDirect({ role: 'staff' });
    // A serve of a request that is not there: counted as a serve, answered 404 by the route.
    const serve = (token: string) =>
      api.call('serveRequest', {
        token,
        body: { id: `gone${Math.random().toString(36).slice(2)}` },
      });

    const answers: Answer[] = [];
    for (let index = 0; index < 60; index++) answers.push(await serve(cook.token));
    expect(statuses(answers)).toEqual(Array(60).fill(404));
    // The cook's own writes elsewhere still have their whole limit.
    const meal = await seedTitledMeal();
    expect((await api.call('like', { token: cook.token, body: { mealId: meal.id } })).status).toBe(200);
  });

  it('refuses the counter’s calls past its own limit with 429 and Retry-After, the other writes unaffected', async () => {
    const api = await localApi({ writesPerMinute: 2, counterWritesPerMinute: 5 });
    const [cook, member] = [await createUserDirect({ role: 'staff' }), await createUserDirect()];
    const serve = (token: string) =>
      callWithHeaders('serveRequest', {
        base: api.base,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });

    const answers = [];
    for (let index = 0; index < 5; index++) answers.push(await serve(cook.token));
    expect(answers.map((answer) => answer.status)).not.toContain(429);
    expectRefusal(await serve(cook.token));
    // A walk-in or a pass at the counter is the same limit.
    expectRefusal(
      await callWithHeaders('redeemPass', {
        base: api.base,
        headers: { authorization: `Bearer ${cook.token}`, 'content-type': 'application/json' },
      }),
    );
    const meal = await seedTitledMeal();
    expect((await api.call('like', { token: cook.token, body: { mealId: meal.id } })).status).toBe(200);
    // A member who is not staff is refused by the route, within the same bound.
    const tries = [];
    for (let index = 0; index < 5; index++) tries.push(await serve(member.token));
    expect(tries.map((answer) => answer.status)).toEqual(Array(5).fill(403));
    expectRefusal(await serve(member.token));
  });
});

describe('the limit on routes that call Stripe, per user', () => {
  it('refuses a burst of cancels past the limit with 429 and Retry-After; another member is unaffected', async () => {
    const { stripeCallsPerMinute } = rateLimitSettings();
    const api = await localApi({});
    const [greedy, other] = [await createUserDirect(), await createUserDirect()];
    const cancel = (token: string) =>
      callWithHeaders('cancelSubscription', { base: api.base, headers: { authorization: `Bearer ${token}` } });

    const answers = [];
    for (let index = 0; index < stripeCallsPerMinute; index++) answers.push(await cancel(greedy.token));
    expect(answers.map((answer) => answer.status)).not.toContain(429);
    expectRefusal(await cancel(greedy.token));
    // The change preview is a read, yet it calls Stripe: it shares the same limit.
    expectRefusal(
      await callWithHeaders('previewPlanChange', {
        base: api.base,
        query: { packageId: 'gold' },
        headers: {
          authorization: `Bearer ${greedy.token}`,
        },
      }),
    );
    expect((await cancel(other.token)).status).not.toBe(429);
  });
});

describe('the limit on anonymous reads, per address', () => {
  it('refuses an address past the limit with 429 and Retry-After; other addresses and signed-in readers go on', async () => {
    const api = await localApi({ anonymousReadsPerMinute: 5 });
    const user = await createUserDirect();
    // As Google's front end reports them: whatever the client sent, then the address it saw
    // (lib/caller-address.ts callerAddress).
    const from = (address: string, token?: string) =>
      callWithHeaders('packages', {
        base: api.base,
        headers: {
          'x-forwarded-for': `10.0.0.1, ${address}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    const busy = `198.51.100.${Math.floor(Math.random() * 250)}`;

    const answers = [];
    for (let index = 0; index < 5; index++) answers.push(await from(busy));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expectRefusal(await from(busy));
    expect((await from(`203.0.113.${Math.floor(Math.random() * 250)}`)).status).toBe(200);
    expect((await from(busy, user.token)).status).toBe(200);
  });

  it('counts an address in batches: another instance refuses it once the first has sent its count', async () => {
    // Two instances of the API, each with its own tally, sharing the counters in Firestore.
    const [first, second] = [
      await localApi({ anonymousReadsPerMinute: 5 }),
      await localApi({ anonymousReadsPerMinute: 5 }),
    ];
    const address = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const from = (api: LocalApi) =>
      callWithHeaders('packages', { base: api.base, headers: { 'x-forwarded-for': address } });

    const counted = async () => {
      const window = Math.floor(Date.now() / rateLimitWindowMs);
      const key = counterKey('anonymous-reads', address);
      const counters = await db.getAll(...[window - 1, window].map((w) => db.doc(`rateLimits/${key}-${w}`)));
      return counters.reduce((sum, counter) => sum + Number(counter.get('count') ?? 0), 0);
    };
    // The first call waits for the counter; the three after it are sent together a second later.
    expect((await from(first)).status).toBe(200);
    const batchStarted = Date.now();
    const answers = [];
    for (let index = 0; index < 3; index++) answers.push(await from(first));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const countedMeanwhile = await counted();
    // Unless this machine took most of the second over three local calls, none is sent yet.
    if (Date.now() - batchStarted < 800) expect(countedMeanwhile).toBe(1);
    await expect.poll(counted, { timeout: 5000, interval: 100 }).toBe(4);

    // The second instance starts from the shared count: one call is left in the minute.
    expect((await from(second)).status).toBe(200);
    expectRefusal(await from(second));
  });

  it('sends the calls of every address of a batch in one write', async () => {
    const api = await localApi({ anonymousReadsPerMinute: 50 });
    // The calls must fall in one minute's window, the one the counters are read in: within the
    // last seconds of a window, the test starts with the next one (at most a few seconds' wait).
    const left = rateLimitWindowMs - (Date.now() % rateLimitWindowMs);
    if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    const window = Math.floor(Date.now() / rateLimitWindowMs);
    const addresses = [1, 2, 3].map((host) => `192.0.2.${host + Math.floor(Math.random() * 80) * 3}`);
    const from = (address: string) =>
      callWithHeaders('packages', { base: api.base, headers: { 'x-forwarded-for': address } });
    const counter = (address: string) => db.doc(`rateLimits/${counterKey('anonymous-reads', address)}-${window}`);
    // Each address's first call waits for its own counter; the two after it join one batch.
    for (const address of addresses) expect((await from(address)).status).toBe(200);
    for (const address of addresses) {
      expect((await from(address)).status).toBe(200);
      expect((await from(address)).status).toBe(200);
    }
    await expect
      .poll(async () => (await db.getAll(...addresses.map(counter))).map((snapshot) => snapshot.get('count')), {
        timeout: 5000,
        interval: 100,
      })
      .toEqual([3, 3, 3]);
    // Written by one commit, the three counters were last changed at the same moment.
    const changed = (await db.getAll(...addresses.map(counter))).map((snapshot) => snapshot.updateTime?.toMillis());
    expect(new Set(changed).size).toBe(1);
  });
});

/** A made-up address in a documentation range, different on every call. */

describe('the caller’s address, from the hop Google’s front end appends', () => {
  it('keys on the last X-Forwarded-For entry: rotating the first one still meets the limit', async () => {
    const api = await localApi({ anonymousReadsPerMinute: 5 });
    const caller = someAddress();
    const rotated = () =>
      callWithHeaders('packages', { base: api.base, headers: { 'x-forwarded-for': `${someAddress()}, ${caller}` } });

    const answers = [];
    for (let index = 0; index < 5; index++) answers.push(await rotated());
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expectRefusal(await rotated());
  });

  it('a caller naming a victim’s address spends its own count: the victim is not locked out', async () => {
    const api = await localApi({ anonymousReadsPerMinute: 5 });
    const [victim, attacker] = [someAddress(), someAddress()];
    const spoofed = () =>
      callWithHeaders('packages', { base: api.base, headers: { 'x-forwarded-for': `${victim}, ${attacker}` } });

    for (let index = 0; index < 5; index++) expect((await spoofed()).status).toBe(200);
    expectRefusal(await spoofed());
    // The victim's own calls arrive with their address as the front end's hop.
    const victimCalls = [];
    for (let index = 0; index < 5; index++) {
      victimCalls.push(await callWithHeaders('packages', { base: api.base, headers: { 'x-forwarded-for': victim } }));
    }
    expect(victimCalls.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('the limit on signed-in reads, per user', () => {
  it('refuses a signed-in loop past its own limit with 429 and Retry-After; others read on', async () => {
    const api = await localApi({ signedInReadsPerMinute: 5, anonymousReadsPerMinute: 50 });
    const [looping, other] = [await createUserDirect(), await createUserDirect()];
    const address = someAddress();
    const read = (token?: string) =>
      callWithHeaders('packages', {
        base: api.base,
        headers: {
          'x-forwarded-for': address,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });

    const answers = [];
    for (let index = 0; index < 5; index++) answers.push(await read(looping.token));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expectRefusal(await read(looping.token));
    // Another user at the same address, and the address signed out, have counts of their own.
    expect((await read(other.token)).status).toBe(200);
    expect((await read()).status).toBe(200);
    // Each counter carries its expiry, two minutes after its window starts (the TTL policy's field).
    const counters = await db.collection('rateLimits').where('scope', '==', 'signed-in-reads').get();
    expect(counters.size).toBeGreaterThan(0);
    for (const counter of counters.docs) {
      const windowStart = (counter.get('windowStart') as Timestamp).toMillis();
      expect((counter.get('expiresAt') as Timestamp).toMillis()).toBe(windowStart + 2 * rateLimitWindowMs);
    }
    // Writes keep their own limit: the looping user may still like.
    const meal = await seedTitledMeal();
    expect((await api.call('like', { token: looping.token, body: { mealId: meal.id } })).status).toBe(200);
  });

  it('keeps the default well above a person paging fast', () => {
    // Read without the test runner's raised value: what a deployment gets.
    const saved = process.env.RATE_LIMIT_SIGNED_IN_READS_PER_MINUTE;
    delete process.env.RATE_LIMIT_SIGNED_IN_READS_PER_MINUTE;
    try {
      const { signedInReadsPerMinute } = rateLimitSettings();
      expect(signedInReadsPerMinute).toBeGreaterThanOrEqual(200);
      expect(signedInReadsPerMinute).toBeLessThanOrEqual(600);
    } finally {
      if (saved !== undefined) process.env.RATE_LIMIT_SIGNED_IN_READS_PER_MINUTE = saved;
    }
  });
});

describe('the limit on POST /jwt, per address', () => {
  it('refuses exchanges past the limit before Auth is asked, with 429 and Retry-After; another address goes on', async () => {
    const api = await localApi({ tokenExchangesPerMinute: 3 });
    const address = someAddress();
    const exchange = (from: string) =>
      callWithHeaders('jwt', {
        base: api.base,
        headers: {
          'x-forwarded-for': `${someAddress()}, ${from}`,
          authorization: 'Bearer not-a-firebase-id-token',
          'content-type': 'application/json',
        },
      });

    const answers = [];
    for (let index = 0; index < 3; index++) answers.push(await exchange(address));
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401]);
    expectRefusal(await exchange(address));
    expect((await exchange(someAddress())).status).toBe(401);
  });
});

describe('the short-code limit, counted before the code is looked up', () => {
  it('lets no more than the limit of a burst of wrong codes be tried', async () => {
    const api = await localApi({ writesPerMinute: 100 });
    const limit = shortCodeFailuresPerMinute();
    const cook = await createUserDirect({ role: 'staff', name: 'Kim Kitchen' });
    const servingId = db.collection('servings').doc().id;
    const codes = Array.from({ length: limit * 2 }, (_, index) => {
      const letter = (offset: number) => shortCodeAlphabet[(index + offset) % shortCodeAlphabet.length];
      return `${letter(0)}${letter(1)}${letter(2)}${letter(3)}${letter(5)}${letter(7)}`;
    });

    const answers = await Promise.all(
      codes.map((shortCode) => api.call('redeemPass', { token: cook.token, body: { shortCode, servingId } })),
    );
    const tried = answers.filter((answer) => answer.status === 400);
    expect(tried.length).toBeGreaterThan(0);
    expect(tried.length).toBeLessThanOrEqual(limit);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(codes.length - tried.length);
  });
});
