// API tokens as the API signs them (functions/src/lib/api-token.ts), made by the journeys to
// stand for a token that has run out. `npm test` hands this run's JWT_SECRET to the suites.
import { createHmac } from 'node:crypto';

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An API token for the account that expired a minute ago, signed with the run's real key. */
export function expiredApiToken(uid: string, email: string): string {
  const secret = process.env.JWT_SECRET;
  if (!secret) throw new Error('JWT_SECRET is not set: run the journeys through npm test');
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ email, sub: uid, iss: 'hostelhub-api', aud: 'hostelhub-web', iat: now - 3700, exp: now - 60 }),
  );
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
