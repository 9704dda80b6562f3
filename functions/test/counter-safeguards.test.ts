// What the counter and Serve Meals keep to themselves: passes are never signed or checked
// with a weak key, and kitchen staff see the queue they serve, not every resident's history.
import { logger } from 'firebase-functions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { minimumPassSecretBytes, passSigningKey } from '../src/features/reservations/pass-token.js';
import { call, db } from './support/emulators.js';
import { storedServing } from './support/feedback.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';
import { createUserDirect } from './support/users.js';

/** A serving open now, stored as the API stores one. */
const servingOpenNow = async () => (await storedServing({ capacity: null })).servingId;

describe('the pass key’s strength', () => {
  const runKey = process.env.PASS_SECRET;
  let api: LocalApi | null = null;
  afterEach(async () => {
    process.env.PASS_SECRET = runKey;
    vi.restoreAllMocks();
    await api?.close();
    api = null;
  });

  it('is at least 32 bytes, or the key is refused with a 503', () => {
    expect(minimumPassSecretBytes).toBe(32);
    const strong = 'k'.repeat(32);
    expect(passSigningKey(strong)).toBe(strong);
    for (const weak of ['', 'secret', 'k'.repeat(31)]) {
      expect(() => passSigningKey(weak)).toThrow(expect.objectContaining({ status: 503 }));
    }
  });

  it('with a weak PASS_SECRET, signs no pass and checks none: 503 and one clear log, nothing stored', async () => {
    const errors = vi.spyOn(logger, 'error');
    api = await startLocalApi();
    const servingId = await servingOpenNow();
    const diner = await createUserDirect({ membership: 'Gold' });
    const cook = await createUserDirect({ role: 'staff', name: 'Kim Kitchen' });
    process.env.PASS_SECRET = 'short';

    const pass = await api.call('createPass', { token: diner.token, body: { servingId } });
    expect(pass.status).toBe(503);
    expect(pass.body).toEqual({ message: expect.stringMatching(/meal passes are unavailable/i) });
    const codes = await db.collection('passCodes').where('uid', '==', diner.uid).get();
    expect(codes.size).toBe(0);
    // A token signed with the weak key (or any other) is not checked against it either.
    const scanned = await api.call('redeemPass', {
      token: cook.token,
      body: { token: `v1.${'a'.repeat(40)}.${'b'.repeat(43)}`, servingId },
    });
    expect(scanned.status).toBe(503);
    expect(errors.mock.calls.map(([message]) => String(message))).toContainEqual(
      expect.stringMatching(/^PASS_SECRET is missing or shorter than 32 bytes/),
    );

    // With the run's own key the same pass is signed.
    process.env.PASS_SECRET = runKey;
    expect((await api.call('createPass', { token: diner.token, body: { servingId } })).status).toBe(201);
  });
});

describe('Serve Meals for kitchen staff', () => {
  it('lists the queue waiting to be served; the history and a search through every request are the admins’', async () => {
    const cook = await createUserDirect({ role: 'staff', name: 'Kim Kitchen' });
    const admin = await createUserDirect({ role: 'admin' });
    const read = (token: string, query: string) => call('requestedMeals', { query, token });

    expect((await read(cook.token, 'role=admin&queue=pending')).status).toBe(200);
    for (const query of [
      'role=admin&queue=history',
      'role=admin',
      'role=admin&search=ada',
      'queue=pending&search=ada',
    ]) {
      const refused = await read(cook.token, query);
      expect(refused.status, query).toBe(403);
      expect(refused.body, query).toEqual({ message: expect.stringMatching(/^Admins only/) });
    }
    expect((await read(admin.token, 'role=admin&queue=history')).status).toBe(200);
    expect((await read(admin.token, 'role=admin&search=ada')).status).toBe(200);
  });
});
