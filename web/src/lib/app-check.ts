// Firebase App Check in the browser (docs/security.md): when the build has a reCAPTCHA
// Enterprise site key, every API call carries an App Check token in `X-Firebase-AppCheck`, which
// the API verifies once APP_CHECK_ENFORCED is on. Without a key (the demo, the emulators) this
// does nothing. The Firebase SDK is imported only when a token is first needed, so no public
// page's first bundle carries it.
import { env } from './env';

const siteKey = env.appCheckSiteKey;

/** The header the API reads the token from (functions/src/lib/app-check.ts). */
export const appCheckHeader = 'X-Firebase-AppCheck';

export const appCheckConfigured = () => siteKey !== '';

/**
 * An App Check token for the next API call, or null when App Check is off. A token that cannot
 * be had (reCAPTCHA unreachable) is null too: the API then refuses the call with a message,
 * rather than the site failing here.
 */
export async function appCheckToken(): Promise<string | null> {
  // The server rendering a page reads its own API, which asks for no App Check token.
  if (!appCheckConfigured() || typeof window === 'undefined') return null;
  try {
    const { appCheckTokenFor } = await import('./app-check-sdk');
    return await appCheckTokenFor(siteKey);
  } catch {
    return null;
  }
}
