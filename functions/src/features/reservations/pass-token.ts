// Meal pass tokens (ADR 0034, made compact by ADR 0055): one base64url string of a binary
// payload and a 128-bit tag, the first 16 bytes of an HMAC-SHA256 with PASS_SECRET over the
// payload. The payload binds the pass to the member, the serving, the reservation (none for a
// walk-in pass) and its expiry; the nonce makes every pass a token of its own. Nothing in it is
// secret, only unforgeable. Binary rather than JSON keeps the QR code small for the counter's
// camera.
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { logger } from 'firebase-functions';
import { shortCodeAlphabet, shortCodeLength, z } from '@hostelhub/contracts';
import { passSecret } from '../../config.js';
import { ApiError } from '../../lib/errors.js';
import { hmacSha256, verifySignedJson } from '../../lib/signed-json.js';

/** The first release's tokens: `v1.<base64url JSON>.<base64url HMAC-SHA256>`. */
const legacyVersion = 'v1';
/** The first byte of a compact token. */
const compactVersion = 2;
/** Bytes of HMAC kept: 128 bits, beyond guessing at one API call a guess (ADR 0055). */
const tagBytes = 16;
/** Bytes of the nonce: only to tell two passes of the same millisecond apart. */
const nonceBytes = 8;
/** Bytes of expiresAt (milliseconds since the epoch, until the year 10889). */
const expiryBytes = 6;

const payloadSchema = z.strictObject({
  uid: z.string().min(1).max(128),
  servingId: z.string().min(1).max(128),
  requestId: z.string().min(1).max(128).nullable(),
  /** Milliseconds since the epoch. */
  expiresAt: z.number().int().positive(),
  nonce: z.string().min(8).max(64),
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

/** A string as its UTF-8 bytes after a one-byte length (0: null). */
function field(value: string | null): Buffer {
  const bytes = Buffer.from(value ?? '', 'utf8');
  if (bytes.length > 255) throw new Error('A pass field is longer than 255 bytes');
  return Buffer.concat([Buffer.from([bytes.length]), bytes]);
}

export function signPass(
  claims: Omit<PassClaims, 'nonce'> & { nonce?: string },
  key = passSigningKey(),
): { token: string; nonce: string } {
  // A stored nonce signs the same token again (an offline pass asked for twice, ADR 79).
  const stored = claims.nonce === undefined ? undefined : Buffer.from(claims.nonce, 'base64url');
  const nonce = stored?.length === nonceBytes ? stored : randomBytes(nonceBytes);
  const expiry = Buffer.alloc(expiryBytes);
  expiry.writeUIntBE(claims.expiresAt, 0, expiryBytes);
  const payload = Buffer.concat([
    Buffer.from([compactVersion]),
    expiry,
    nonce,
    field(claims.uid),
    field(claims.servingId),
    field(claims.requestId),
  ]);
  const tag = hmacSha256(payload, key).subarray(0, tagBytes);
  return { token: Buffer.concat([payload, tag]).toString('base64url'), nonce: nonce.toString('base64url') };
}

/** The claims of a compact payload whose tag has been checked; null if it does not parse. */
function readCompact(payload: Buffer): PassClaims | null {
  let at = 1 + expiryBytes + nonceBytes;
  const next = () => {
    const length = payload[at];
    if (length === undefined || at + 1 + length > payload.length) return undefined;
    const value = payload.subarray(at + 1, at + 1 + length).toString('utf8');
    at += 1 + length;
    return value;
  };
  const [uid, servingId, requestId] = [next(), next(), next()];
  if (requestId === undefined || at !== payload.length) return null;
  const parsed = payloadSchema.safeParse({
    uid,
    servingId,
    requestId: requestId === '' ? null : requestId,
    expiresAt: payload.readUIntBE(1, expiryBytes),
    nonce: payload.subarray(1 + expiryBytes, 1 + expiryBytes + nonceBytes).toString('base64url'),
  });
  return parsed.success ? parsed.data : null;
}

/** The claims of a first-release token (they live a minute, like every pass), or null. */
function verifyLegacy(token: string, key: string): PassClaims | null {
  return verifySignedJson(token, legacyVersion, payloadSchema, key);
}

/**
 * The claims of a token this API signed, expired or not (the caller tells an expired pass
 * from a forged one); null for anything tampered, truncated, signed with another key or not a
 * pass at all. The tag is compared in constant time before the payload is read.
 */
export function verifyPass(token: string, key = passSigningKey()): PassClaims | null {
  if (token.includes('.')) return verifyLegacy(token, key);
  const bytes = Buffer.from(token, 'base64url');
  // One spelling per token: anything else in the string, or spare bits set in its last letter, is not a pass.
  if (bytes.toString('base64url') !== token) return null;
  if (bytes.length < 1 + expiryBytes + nonceBytes + 3 + tagBytes || bytes[0] !== compactVersion) return null;
  const payload = bytes.subarray(0, bytes.length - tagBytes);
  const given = bytes.subarray(bytes.length - tagBytes);
  const expected = hmacSha256(payload, key).subarray(0, tagBytes);
  if (!timingSafeEqual(given, expected)) return null;
  return readCompact(payload);
}

/** A random short code from the contract's alphabet (no look-alike characters). */
export function newShortCode(): string {
  let code = '';
  for (let index = 0; index < shortCodeLength; index++) code += shortCodeAlphabet[randomInt(shortCodeAlphabet.length)];
  return code;
}
