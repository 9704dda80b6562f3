import type { RequestHandler } from 'express';
import { getAppCheck } from 'firebase-admin/app-check';
import { appCheckExemptPaths } from '@hostelhub/contracts';
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
   * Paths (without /api, in Express syntax: `/feeds/:hall/menu.ics`) reached from outside the
   * site, which no App Check token can come with; the contracts' `appCheckExemptPaths` (an
   * email's unsubscribe link, the menu's feeds) unless a test names others.
   */
  exempt?: readonly string[];
};

/** Whether `path` is one of `patterns`, each `:name` standing for one path segment. */
function matchesAny(path: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    const segments = pattern.split('/');
    const actual = path.split('/');
    return (
      segments.length === actual.length &&
      segments.every((segment, index) => (segment.startsWith(':') ? actual[index] !== '' : segment === actual[index]))
    );
  });
}

/**
 * Firebase App Check, the wall after rate limits (docs/security.md): when enforced, only calls
 * from the genuine site (attested by reCAPTCHA Enterprise) carry a valid token. Off by
 * default and on the emulators.
 */
export function requireAppCheck({ enforced, verify, exempt = appCheckExemptPaths }: AppCheckSettings): RequestHandler {
  const patterns = exempt.flatMap((path) => [path, `/api${path}`]);
  return async (req, _res, next) => {
    if (!enforced()) return next();
    if (matchesAny(req.path, patterns)) return next();
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
