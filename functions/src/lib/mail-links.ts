// Unsubscribe links (docs/email.md): `v1.<payload>.<signature>`, base64url, the signature an
// HMAC-SHA256 with MAIL_LINK_SECRET over `v1.<payload>`, as meal passes are signed (ADR 0034).
// The payload names the user, the kind of email and when the link stops working; nothing in
// it is secret, only unforgeable, so the link works without signing in and can turn off that
// one kind for that one user, nothing else.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { emailKinds, z } from '@hostelhub/contracts';
import { mailLinkSecret } from '../config.js';

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

const signature = (signed: string, key: string) => createHmac('sha256', key).update(signed).digest();

export function signUnsubscribe(claims: UnsubscribeClaims, key = mailLinkSecret.value()): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signed = `${version}.${payload}`;
  return `${signed}.${signature(signed, key).toString('base64url')}`;
}

/**
 * The claims of a link this API signed, expired or not (the caller tells an expired link from
 * a forged one); null for anything tampered, truncated, signed with another key or made up.
 */
export function verifyUnsubscribe(token: string, key = mailLinkSecret.value()): UnsubscribeClaims | null {
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
