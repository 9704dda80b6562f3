import jwt from 'jsonwebtoken';
import { developmentJwtSecret } from './emulators.js';

const claims = { issuer: 'hostelhub-api', audience: 'hostelhub-web', algorithm: 'HS256' as const };

/** A token like the API's, signed with another key. */
export function forgedToken(uid: string, email: string): string {
  return jwt.sign({ email }, 'a-key-that-is-not-the-api-key-at-all', { ...claims, subject: uid, expiresIn: 3600 });
}

/** A token signed with the real key that expired a minute ago. */
export function expiredToken(uid: string, email: string): string {
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign({ email, iat: now - 3700, exp: now - 60 }, developmentJwtSecret(), { ...claims, subject: uid });
}

/** A valid token signed with the real key, the control for the two above. */
export function validToken(uid: string, email: string): string {
  return jwt.sign({ email }, developmentJwtSecret(), { ...claims, subject: uid, expiresIn: 600 });
}

/** The same as forgedToken, under the name the engagement tests use. */
export const tokenSignedWithAnotherKey = forgedToken;
