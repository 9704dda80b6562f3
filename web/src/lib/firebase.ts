// The Firebase app and Auth, created on first use. Import this module with `import()` so that
// public pages' first bundle does not carry the Auth SDK. Firestore is not here: only the
// live dashboard and the bell read it, through lib/live (loaded with them, never before).
import { getApp, getApps, initializeApp, type FirebaseApp, type FirebaseOptions } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import { env } from './env';

// A demo- project works on the emulators without any Google account.
const firebaseConfig: FirebaseOptions = {
  ...env.firebase,
};

let auth: Auth | null = null;

/** The site's one Firebase app. */
export const getFirebaseApp = (): FirebaseApp => (getApps().length > 0 ? getApp() : initializeApp(firebaseConfig));

export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  auth = getAuth(getFirebaseApp());
  // Set at build time by our scripts to the emulator suite's Auth address.
  if (env.authEmulatorUrl) connectAuthEmulator(auth, env.authEmulatorUrl, { disableWarnings: true });
  return auth;
}
