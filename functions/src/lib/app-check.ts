import type { RequestHandler } from 'express';
import { getAppCheck } from 'firebase-admin/app-check';
import { unauthorized } from './errors.js';
import './firestore.js'; // initialises the Admin SDK app that getAppCheck uses

/** The header the web SDK's App Check token travels in. */
export const appCheckHeader = 'X-Firebase-AppCheck';

/** Resolves for a valid App Check token of this project; rejects otherwise. */
export type AppCheckVerifier = (token: string) => Promise<unknown>;

/** The real verifier: firebase-admin checks the token's signature, project and expiry. */
export const verifyWithFirebase: AppCheckVerifier = (token) => getAppCheck().verifyToken(token);

export type AppCheckSettings = {
  enforced: () => boolean;
  verify: AppCheckVerifier;
  /**
   * Paths (without /api) reached from outside the site, which no App Check token can come
   * with: an email's unsubscribe link, posted by the mail client itself (RFC 8058).
   */
  exempt?: readonly string[];
};

/**
 * Firebase App Check, the wall after rate limits (docs/security.md): when enforced, only calls
 * from the genuine site (attested by reCAPTCHA Enterprise) carry a valid token. Off by
 * default and on the emulators.
 */
export function requireAppCheck({ enforced, verify, exempt = [] }: AppCheckSettings): RequestHandler {
  return async (req, _res, next) => {
    if (!enforced()) return next();
    if (exempt.some((path) => req.path === path || req.path === `/api${path}`)) return next();
    const token = req.get(appCheckHeader);
    if (!token) return next(unauthorized('Missing App Check token: reload the page'));
    try {
      await verify(token);
    } catch {
      return next(unauthorized('Invalid App Check token: reload the page'));
    }
    next();
  };
}
