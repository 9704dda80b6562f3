/// <reference types="vite/client" />

// Read only by web/src/lib/env.ts; web/.env.example documents each.
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_AUTH_EMULATOR_URL?: string;
  /** host:port of the Firestore emulator the emulator build reads live data from. */
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** Image host upload URL with its key (docs/image-upload.md); unset: meal images by URL only. */
  readonly VITE_IMAGE_UPLOAD_URL?: string;
  /** reCAPTCHA Enterprise site key for Firebase App Check (docs/security.md); unset: App Check off. */
  readonly VITE_APP_CHECK_SITE_KEY?: string;
  readonly VITE_FCM_VAPID_KEY?: string;
  /** Stripe's publishable key (docs/payments.md); unset: payments are off. */
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
}

/**
 * The demo's Stripe stand-in (`npm start` without Stripe keys): its address, fixed at build time
 * from VITE_DEMO_STRIPE_API_URL (web/vite.config.ts). Empty in every other build, production's
 * included, whose bundle then holds no stand-in.
 */
declare const __DEMO_STRIPE_API_URL__: string;
