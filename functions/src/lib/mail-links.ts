// Unsubscribe links (docs/email.md): `v1.<payload>.<signature>`, base64url, the signature an
// HMAC-SHA256 with MAIL_LINK_SECRET over `v1.<payload>`, as meal passes are signed (ADR 0034).
// The payload names the user, the kind of email and when the link stops working; nothing in
// it is secret, only unforgeable, so the link works without signing in and can turn off that
// one kind for that one user, nothing else.
import { logger } from 'firebase-functions';
import { emailKinds, z } from '@hostelhub/contracts';
import { mailLinkSecret } from '../config.js';
import { ApiError } from './errors.js';
import { signJson, verifySignedJson } from './signed-json.js';

const version = 'v1';

/**
 * How long a link keeps working. Mail clients show the one-click button on old messages too,
 * so it is long; after it, My Profile still turns the kind off.
 */
export const unsubscribeLinkLifetimeMs = 180 * 86_400_000;

const payloadSchema = z.strictObject({
  uid: z.string().min(1).max(128),
  kind: z.enum(emailKinds),
  /** Milliseconds since the epoch. */
  expiresAt: z.number().int().positive(),
});
export type UnsubscribeClaims = z.infer<typeof payloadSchema>;

/** The shortest link key accepted: 256 bits, as for PASS_SECRET (and what npm run deploy asks). */
export const minimumMailLinkSecretBytes = 32;

/** The weak key last logged: a different weak value is logged again. */
let weakKeyReported: string | null = null;

/**
 * MAIL_LINK_SECRET when it is strong enough, or null. A short key (one a bare `firebase
 * deploy` may have set) can be found from any one link by trying keys offline, and with it
 * anyone's emails turned off, the kitchen's production sheet included: it is never used. The
 * instance logs why once per weak value, as for PASS_SECRET (features/reservations/pass-token.ts).
 */
export function usableMailLinkKey(value: string = readMailLinkSecret()): string | null {
  if (Buffer.byteLength(value, 'utf8') >= minimumMailLinkSecretBytes) return value;
  if (weakKeyReported !== value) {
    weakKeyReported = value;
    logger.error(
      `MAIL_LINK_SECRET is missing or shorter than ${minimumMailLinkSecretBytes} bytes: unsubscribe links are ` +
        'neither signed nor checked until it is set (firebase functions:secrets:set MAIL_LINK_SECRET, e.g. with `openssl rand -hex 32`)',
    );
  }
  return null;
}

/** The link key, or a 503 for the link's page: a link is never checked against a weak key. */
export function mailLinkKey(value?: string): string {
  const key = usableMailLinkKey(value);
  if (key) return key;
  throw new ApiError(
    503,
    'Unsubscribe links are unavailable right now: choose which emails you get on My Profile while the hostel sets them up',
  );
}

function readMailLinkSecret(): string {
  try {
    return mailLinkSecret.value() ?? '';
  } catch {
    return '';
  }
}

export function signUnsubscribe(claims: UnsubscribeClaims, key = mailLinkKey()): string {
  return signJson(version, claims, key);
}

/**
 * The claims of a link this API signed, expired or not (the caller tells an expired link from
 * a forged one); null for anything tampered, truncated, signed with another key or made up.
 */
export function verifyUnsubscribe(token: string, key = mailLinkKey()): UnsubscribeClaims | null {
  return verifySignedJson(token, version, payloadSchema, key);
}
