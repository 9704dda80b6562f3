// The Firebase app and Auth, created on first use. Import this module with `import()` so that
// public pages' first bundle does not carry the Auth SDK. Firestore is not here: only the
// live dashboard and the bell read it, through lib/live (loaded with them, never before).
import { getApp, getApps, initializeApp, type FirebaseApp, type FirebaseOptions } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';

const env = import.meta.env;

// A demo- project works on the emulators without any Google account.
const firebaseConfig: FirebaseOptions = {
  apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || 'demo-hostel-meals.firebaseapp.com',
  projectId: env.VITE_FIREBASE_PROJECT_ID || 'demo-hostel-meals',
  appId: env.VITE_FIREBASE_APP_ID || undefined,
};

let auth: Auth | null = null;

/** The site's one Firebase app. */
export const getFirebaseApp = (): FirebaseApp => (getApps().length > 0 ? getApp() : initializeApp(firebaseConfig));

export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  auth = getAuth(getFirebaseApp());
  // Set at build time by our scripts to the emulator suite's Auth address.
  const emulatorUrl = env.VITE_AUTH_EMULATOR_URL as string | undefined;
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  return auth;
}
