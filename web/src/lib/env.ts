// The site's configuration, read from the build's environment here and nowhere else. Vite
// bakes each VITE_ variable into the bundle at build time (web/.env.local, or the shell that
// runs the build); web/.env.example lists and explains every one. Unset means the demo's
// behaviour: the emulators' project, no payments, no image upload, no App Check.
const raw = import.meta.env;

/** A variable's value, trimmed; '' when unset. */
const read = (value: string | undefined) => value?.trim() ?? '';

export const env = {
  /** The API's base URL; the site's own /api (a Hosting rewrite) unless set. */
  apiUrl: read(raw.VITE_API_URL) || '/api',
  /** The Firebase project of a real deployment; the demo project on the emulators otherwise. */
  firebase: {
    apiKey: read(raw.VITE_FIREBASE_API_KEY) || 'demo-api-key',
    authDomain: read(raw.VITE_FIREBASE_AUTH_DOMAIN) || 'demo-hostel-meals.firebaseapp.com',
    projectId: read(raw.VITE_FIREBASE_PROJECT_ID) || 'demo-hostel-meals',
    appId: read(raw.VITE_FIREBASE_APP_ID) || undefined,
  },
  /** Set by our scripts for builds that run on the emulator suite. */
  authEmulatorUrl: read(raw.VITE_AUTH_EMULATOR_URL),
  firestoreEmulatorHost: read(raw.VITE_FIRESTORE_EMULATOR_HOST),
  /** Stripe's publishable key (pk_test_... or pk_live_...); unset: payments are off. */
  stripePublishableKey: read(raw.VITE_STRIPE_PUBLISHABLE_KEY),
  /** The image host's upload URL with its key; unset: meal images are pasted as URLs. */
  imageUploadUrl: read(raw.VITE_IMAGE_UPLOAD_URL) || null,
  /** A built site (`vite build`), not the dev server or the tests: only it has a service worker. */
  builtSite: raw.PROD,
  /**
   * The Web Push certificate's public key of the Firebase project (Cloud Messaging); unset:
   * push is off and My Profile says it is not set up (ADR 81).
   */
  fcmVapidKey: read(raw.VITE_FCM_VAPID_KEY),
  /** reCAPTCHA Enterprise site key for Firebase App Check; unset: App Check is off. */
  appCheckSiteKey: read(raw.VITE_APP_CHECK_SITE_KEY),
};
