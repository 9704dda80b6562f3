import { defineSecret } from 'firebase-functions/params';

// Secrets come from Secret Manager in production and from functions/.secret.local on the
// emulator (scripts/lib/emulators.mjs writes development values there). Never literals.
export const jwtSecret = defineSecret('JWT_SECRET');

/** How long an API token lives. The web exchanges a fresh Firebase ID token when it expires. */
export const apiTokenLifetimeSeconds = 60 * 60;
