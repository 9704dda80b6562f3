// The Firebase app and Auth, created on first use. Only Auth is used in the browser: the
// data goes through the REST API, so the Firestore SDK never reaches the site. Import this
// module with `import()` so that public pages' first bundle does not carry the Auth SDK.
import { getApp, getApps, initializeApp, type FirebaseOptions } from 'firebase/app';
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

export function getFirebaseAuth(): Auth {
  if (auth) return auth;
  const app = getApps().length > 0 ? getApp() : initializeApp(firebaseConfig);
  auth = getAuth(app);
  // Set at build time by our scripts to the emulator suite's Auth address.
  const emulatorUrl = env.VITE_AUTH_EMULATOR_URL as string | undefined;
  if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
  return auth;
}
