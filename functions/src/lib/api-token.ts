import jwt from 'jsonwebtoken';
import { apiTokenLifetimeSeconds, jwtSecret } from '../config.js';

const issuer = 'hostelhub-api';
const audience = 'hostelhub-web';

export type TokenClaims = { uid: string; email: string };

function signingKey(): string {
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
export function verifyApiToken(token: string): TokenClaims | null {
  try {
    const payload = jwt.verify(token, signingKey(), { algorithms: ['HS256'], issuer, audience });
    if (typeof payload === 'string' || !payload.sub || typeof payload.email !== 'string') return null;
    return { uid: payload.sub, email: payload.email };
  } catch (error) {
    if (error instanceof jwt.JsonWebTokenError) return null; // includes TokenExpiredError
    throw error;
  }
}
