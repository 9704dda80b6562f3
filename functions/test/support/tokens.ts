// API tokens the server must refuse: expired, or signed with a key it does not hold.
import jwt from 'jsonwebtoken';
import { developmentJwtSecret } from './emulators.js';

const claims = (uid: string, email: string) => ({ email, sub: uid, iss: 'hostelhub-api', aud: 'hostelhub-web' });

export function expiredToken(uid: string, email: string): string {
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign({ ...claims(uid, email), iat: now - 7200, exp: now - 3600 }, developmentJwtSecret(), {
    algorithm: 'HS256',
  });
}

export function tokenSignedWithAnotherKey(uid: string, email: string): string {
  return jwt.sign(claims(uid, email), 'a-different-key-of-plenty-length-0123456789', {
    algorithm: 'HS256',
    expiresIn: 3600,
  });
}
