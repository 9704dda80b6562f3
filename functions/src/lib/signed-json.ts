// Tokens of the form `<version>.<base64url JSON>.<base64url HMAC-SHA256>`, the signature over
// `<version>.<payload>`: unsubscribe links, and meal passes of the first release (ADR 0034).
// Nothing in one is secret, only unforgeable.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from '@hostelhub/contracts';

/** The HMAC-SHA256 of `signed` with `key`. */
export const hmacSha256 = (signed: string | Buffer, key: string) => createHmac('sha256', key).update(signed).digest();

/** `claims` signed with `key` under `version`. */
export function signJson(version: string, claims: unknown, key: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signed = `${version}.${payload}`;
  return `${signed}.${hmacSha256(signed, key).toString('base64url')}`;
}

/**
 * The claims of a token signed by signJson with `key` under `version`, in `schema`'s shape;
 * null for anything tampered, truncated, signed with another key or made up. The signature is
 * compared in constant time before the payload is read.
 */
export function verifySignedJson<T>(token: string, version: string, schema: z.ZodType<T>, key: string): T | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== version) return null;
  const [, payload, sent] = parts as [string, string, string];
  const expected = hmacSha256(`${version}.${payload}`, key);
  const given = Buffer.from(sent, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
