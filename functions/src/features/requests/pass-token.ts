// Meal pass tokens (ADR 0034): `v1.<payload>.<signature>`, base64url, the signature an
// HMAC-SHA256 with PASS_SECRET over `v1.<payload>`. The payload binds the pass to the member,
// the serving, the reservation (null for a walk-in pass) and its expiry; the nonce makes every
// pass a token of its own. Nothing in it is secret, only unforgeable.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { shortCodeAlphabet, shortCodeLength, z } from '@hostelhub/contracts';
import { passSecret } from '../../config.js';

const version = 'v1';

const payloadSchema = z.strictObject({
  uid: z.string().min(1).max(128),
  servingId: z.string().min(1).max(128),
  requestId: z.string().min(1).max(128).nullable(),
  /** Milliseconds since the epoch. */
  expiresAt: z.number().int().positive(),
  nonce: z.string().min(16).max(64),
});
export type PassClaims = z.infer<typeof payloadSchema>;

const signature = (signed: string, key: string) => createHmac('sha256', key).update(signed).digest();

export function signPass(
  claims: Omit<PassClaims, 'nonce'>,
  key = passSecret.value(),
): { token: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64url');
  const payload = Buffer.from(JSON.stringify({ ...claims, nonce })).toString('base64url');
  const signed = `${version}.${payload}`;
  return { token: `${signed}.${signature(signed, key).toString('base64url')}`, nonce };
}

/**
 * The claims of a token this API signed, expired or not (the caller tells an expired pass
 * from a forged one); null for anything tampered, truncated, signed with another key or not a
 * pass at all.
 */
export function verifyPass(token: string, key = passSecret.value()): PassClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== version) return null;
  const [, payload, sent] = parts as [string, string, string];
  const expected = signature(`${version}.${payload}`, key);
  const given = Buffer.from(sent, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A random short code from the contract's alphabet (no look-alike characters). */
export function newShortCode(): string {
  let code = '';
  for (let index = 0; index < shortCodeLength; index++) code += shortCodeAlphabet[randomInt(shortCodeAlphabet.length)];
  return code;
}
