// The App Check SDK itself, loaded by lib/app-check.ts only when a site key is configured.
import { getToken, initializeAppCheck, ReCaptchaEnterpriseProvider, type AppCheck } from 'firebase/app-check';
import { getFirebaseApp } from './firebase';

let appCheck: AppCheck | null = null;

/** Starts App Check once (tokens then refresh by themselves) and answers a current token. */
export async function appCheckTokenFor(siteKey: string): Promise<string> {
  appCheck ??= initializeAppCheck(getFirebaseApp(), {
    provider: new ReCaptchaEnterpriseProvider(siteKey),
    isTokenAutoRefreshEnabled: true,
  });
  return (await getToken(appCheck)).token;
}
