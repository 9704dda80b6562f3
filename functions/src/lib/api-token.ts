import { createHmac, timingSafeEqual } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { apiTokenLifetimeSeconds, jwtSecret } from '../config.js';

const issuer = 'hostelhub-api';
const audience = 'hostelhub-web';

export type TokenClaims = { uid: string; email: string };
/** A verified token's claims and when it was signed (seconds since the epoch). */
export type VerifiedToken = TokenClaims & { issuedAt: number };

/** The API's secret; also keys the ids the API derives and must not be computable (review ids). */
export function signingKey(): string {
  const key = jwtSecret.value();
  // A missing key must never silently sign tokens anyone could forge.
  if (!key || key.length < 16) throw new Error('JWT_SECRET is not configured');
  return key;
}

export function signApiToken(claims: TokenClaims): string {
  return jwt.sign({ email: claims.email }, signingKey(), {
    algorithm: 'HS256',
    subject: claims.uid,
    issuer,
    audience,
    expiresIn: apiTokenLifetimeSeconds,
  });
}

/** Returns the claims of a valid token, or null for a missing, forged or expired one. */
export function verifyApiToken(token: string): VerifiedToken | null {
  try {
    const payload = jwt.verify(token, signingKey(), { algorithms: ['HS256'], issuer, audience });
    if (typeof payload === 'string' || !payload.sub || typeof payload.email !== 'string') return null;
    if (typeof payload.iat !== 'number') return null;
    return { uid: payload.sub, email: payload.email, issuedAt: payload.iat };
  } catch (error) {
    if (error instanceof jwt.JsonWebTokenError) return null; // includes TokenExpiredError
    throw error;
  }
}

/**
 * A short signature of `value` with the API's secret, for values the API hands out and must
 * recognise as its own later (page cursors). `purpose` keeps one kind from passing as another.
 */
export function signValue(purpose: string, value: string): string {
  return createHmac('sha256', signingKey()).update(`${purpose}\n${value}`).digest('base64url').slice(0, 32);
}

export function hasValidSignature(purpose: string, value: string, signature: string): boolean {
  const expected = Buffer.from(signValue(purpose, value));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
