// The pass token itself (ADR 0055): what it binds, that no change to it verifies, that a
// first-release token still verifies within its minute, and that its QR code stays small
// enough for a counter's camera. The counter's refusals over the API are in counter.test.ts.
import { createHmac, randomBytes } from 'node:crypto';
import qrcode from 'qrcode-generator';
import { describe, expect, it } from 'vitest';
import { signPass, verifyPass } from '../src/features/reservations/pass-token.js';

const key = randomBytes(32).toString('hex');
// Ids as long as real ones: a Firebase Auth uid (28), Firestore auto ids (20).
const claims = {
  uid: 'Xq3bR9kLmN2pT7vW1yZ4aC6dE8fG',
  servingId: 'a1B2c3D4e5F6g7H8i9J0',
  requestId: 'k1L2m3N4o5P6q7R8s9T0',
  expiresAt: Date.UTC(2026, 10, 26, 12, 0, 0, 123),
};

/** A token as the first release signed it: `v1.<base64url JSON>.<base64url HMAC-SHA256>`. */
function firstReleaseToken(payload: object, signingKey: string) {
  const signed = `v1.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signed}.${createHmac('sha256', signingKey).update(signed).digest('base64url')}`;
}

/** The modules on a side of the QR code the pass page draws (web/src/features/reservations/components/qr-code.tsx). */
function qrModulesOf(text: string) {
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  return code.getModuleCount();
}

describe('the meal pass token', () => {
  it('carries the member, serving, reservation and expiry, and a nonce of its own each time', () => {
    const first = signPass(claims, key);
    const second = signPass(claims, key);
    expect(verifyPass(first.token, key)).toEqual({ ...claims, nonce: first.nonce });
    expect(second.token).not.toBe(first.token);
    const walkIn = signPass({ ...claims, requestId: null }, key);
    expect(verifyPass(walkIn.token, key)).toEqual({ ...claims, requestId: null, nonce: walkIn.nonce });
  });

  it('verifies nothing changed, cut short, lengthened or signed with another key', () => {
    const { token } = signPass(claims, key);
    const bytes = Buffer.from(token, 'base64url');
    for (let index = 0; index < bytes.length; index++) {
      const changed = Buffer.from(bytes);
      changed[index] = changed[index]! ^ 0x01;
      expect({ index, claims: verifyPass(changed.toString('base64url'), key) }).toEqual({ index, claims: null });
    }
    expect(verifyPass(token.slice(0, -1), key)).toBeNull();
    expect(verifyPass(Buffer.from(bytes.subarray(0, -16)).toString('base64url'), key)).toBeNull();
    expect(verifyPass(`${token}A`, key)).toBeNull();
    expect(verifyPass(`${token}=`, key)).toBeNull();
    expect(verifyPass(token, randomBytes(32).toString('hex'))).toBeNull();
    expect(verifyPass(signPass(claims, randomBytes(32).toString('hex')).token, key)).toBeNull();
    expect(verifyPass('', key)).toBeNull();
  });

  it('still reads a first-release token signed with the key (it expires within its minute), and no forged one', () => {
    const legacy = { ...claims, nonce: randomBytes(16).toString('base64url') };
    expect(verifyPass(firstReleaseToken(legacy, key), key)).toEqual(legacy);
    expect(verifyPass(firstReleaseToken(legacy, randomBytes(32).toString('hex')), key)).toBeNull();
    expect(verifyPass(firstReleaseToken({ ...legacy, uid: 'x'.repeat(200) }, key), key)).toBeNull();
  });

  it('makes a QR code of at most 49 modules a side (version 8), where the first release needed 65 or more', () => {
    const { token } = signPass(claims, key);
    const legacy = firstReleaseToken({ ...claims, nonce: randomBytes(16).toString('base64url') }, key);
    expect(token.length).toBeLessThanOrEqual(140);
    expect(qrModulesOf(token)).toBeLessThanOrEqual(49);
    expect(qrModulesOf(legacy)).toBeGreaterThanOrEqual(65);
  });
});
