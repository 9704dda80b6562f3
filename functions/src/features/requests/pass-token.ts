// Meal pass tokens (ADR 0034): `v1.<payload>.<signature>`, base64url, the signature an
// HMAC-SHA256 with PASS_SECRET over `v1.<payload>`. The payload binds the pass to the member,
// the serving, the reservation (null for a walk-in pass) and its expiry; the nonce makes every
// pass a token of its own. Nothing in it is secret, only unforgeable.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { logger } from 'firebase-functions';
import { shortCodeAlphabet, shortCodeLength, z } from '@hostelhub/contracts';
import { passSecret } from '../../config.js';
import { ApiError } from '../../lib/errors.js';

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

/** The shortest pass key accepted: 256 bits, the HMAC-SHA256 output's own strength. */
export const minimumPassSecretBytes = 32;

/** The weak key last logged: a different weak value is logged again. */
let weakKeyReported: string | null = null;

/**
 * PASS_SECRET, checked before any pass is signed or verified. A key shorter than 32 bytes (an
 * empty one above all: anyone could sign passes with it) is never used: the counter and the
 * pass answer 503, and the instance logs why once per weak value, so the log names the fix
 * without repeating it on every scan.
 */
export function passSigningKey(value: string = readPassSecret()): string {
  if (Buffer.byteLength(value, 'utf8') >= minimumPassSecretBytes) return value;
  if (weakKeyReported !== value) {
    weakKeyReported = value;
    logger.error(
      `PASS_SECRET is missing or shorter than ${minimumPassSecretBytes} bytes: meal passes are refused until it is set ` +
        '(firebase functions:secrets:set PASS_SECRET, e.g. with `openssl rand -hex 32`)',
    );
  }
  throw new ApiError(503, 'Meal passes are unavailable right now: the hostel has to finish setting them up');
}

function readPassSecret(): string {
  try {
    return passSecret.value() ?? '';
  } catch {
    return '';
  }
}

const signature = (signed: string, key: string) => createHmac('sha256', key).update(signed).digest();

export function signPass(claims: Omit<PassClaims, 'nonce'>, key = passSigningKey()): { token: string; nonce: string } {
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
export function verifyPass(token: string, key = passSigningKey()): PassClaims | null {
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
