import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { call, developmentJwtSecret, signUp } from './support/emulators.js';

describe('POST /jwt', () => {
  it('exchanges a Firebase ID token for an API token for the same user', async () => {
    const account = await signUp();
    const response = await call('jwt', { token: account.idToken, body: { email: account.email } });
    expect(response.status).toBe(200);
    const claims = jwt.decode(response.body.token) as jwt.JwtPayload;
    expect(claims.sub).toBe(account.uid);
    expect(claims.email).toBe(account.email);
  });

  it('refuses a request without a Firebase ID token', async () => {
    const response = await call('jwt', { body: {} });
    expect(response.status).toBe(401);
    expect(response.body.message).toMatch(/token/i);
  });

  it('refuses a forged ID token', async () => {
    const forged = jwt.sign({ sub: 'someone', email: 'x@y.test' }, 'not-the-key');
    const response = await call('jwt', { token: forged });
    expect(response.status).toBe(401);
  });

  it('refuses to mint a token for another email than the ID token holds', async () => {
    const account = await signUp();
    const response = await call('jwt', { token: account.idToken, body: { email: 'admin@hostelhub.test' } });
    expect(response.status).toBe(403);
  });

  it('rejects a body that is not an object of known fields', async () => {
    const account = await signUp();
    const response = await call('jwt', { token: account.idToken, body: { email: 'not-an-email' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/email/);
  });

  it('has a signing key of real length on this machine', () => {
    expect(developmentJwtSecret().length).toBeGreaterThanOrEqual(32);
  });
});
