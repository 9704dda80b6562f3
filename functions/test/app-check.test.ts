// Firebase App Check on the API (lib/app-check.ts): off on the emulators; when enforced, a
// call needs a token the verifier accepts. The verifier is faked here, at its edge (the real
// one asks Firebase, which the emulators do not emulate).
import { afterEach, describe, expect, it } from 'vitest';
import { call } from './support/emulators.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';

let api: LocalApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A stand-in for firebase-admin's verifyToken that knows one valid token. */
const verified: string[] = [];
async function fakeVerifier(token: string) {
  verified.push(token);
  if (token !== 'valid-app-check-token') throw new Error('invalid token');
  return { appId: 'web-app' };
}

describe('App Check', () => {
  it('is off on the emulators: calls without the header are answered', async () => {
    const response = await call('packages');
    expect(response.status).toBe(200);
  });

  it('when enforced, refuses a missing or invalid token with 401 JSON and lets a valid one through', async () => {
    api = await startLocalApi({ appCheck: { enforced: () => true, verify: fakeVerifier } });
    const missing = await api.call('packages');
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: expect.stringMatching(/app check/i) });

    const invalid = await api.call('packages', { headers: { 'X-Firebase-AppCheck': 'forged' } });
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual({ message: expect.stringMatching(/app check/i) });

    const valid = await api.call('packages', { headers: { 'X-Firebase-AppCheck': 'valid-app-check-token' } });
    expect(valid.status).toBe(200);
    expect(Array.isArray(valid.body)).toBe(true);
    expect(verified).toEqual(['forged', 'valid-app-check-token']);
  });
});
