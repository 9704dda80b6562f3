// Unsubscribe links (docs/email.md): `v1.<payload>.<signature>`, base64url, the signature an
// HMAC-SHA256 with MAIL_LINK_SECRET over `v1.<payload>`, as meal passes are signed (ADR 0034).
// The payload names the user, the kind of email and when the link stops working; nothing in
// it is secret, only unforgeable, so the link works without signing in and can turn off that
// one kind for that one user, nothing else.
import { emailKinds, z } from '@hostelhub/contracts';
import { mailLinkSecret } from '../config.js';
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

export function signUnsubscribe(claims: UnsubscribeClaims, key = mailLinkSecret.value()): string {
  return signJson(version, claims, key);
}

/**
 * The claims of a link this API signed, expired or not (the caller tells an expired link from
 * a forged one); null for anything tampered, truncated, signed with another key or made up.
 */
export function verifyUnsubscribe(token: string, key = mailLinkSecret.value()): UnsubscribeClaims | null {
  return verifySignedJson(token, version, payloadSchema, key);
}
