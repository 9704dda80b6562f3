import { defineSecret } from 'firebase-functions/params';

// Secrets come from Secret Manager in production and from functions/.secret.local on the
// emulator (scripts/lib/emulators.mjs writes development values there). Never literals.
export const jwtSecret = defineSecret('JWT_SECRET');

/** Stripe secret key (sk_test_... in test mode). Without one, payments answer 503. */
export const stripeSecretKey = defineSecret('STRIPE_SECRET_KEY');
/** Signing secret of the Stripe webhook endpoint (whsec_...). */
export const stripeWebhookSecret = defineSecret('STRIPE_WEBHOOK_SECRET');

/** How long an API token lives. The web exchanges a fresh Firebase ID token when it expires. */
export const apiTokenLifetimeSeconds = 60 * 60;
