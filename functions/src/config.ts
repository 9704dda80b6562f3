import { defineSecret } from 'firebase-functions/params';
import { defaultCancelsPerDay, defaultHostelTimeZone } from '@hostelhub/contracts';

// Secrets come from Secret Manager in production and from functions/.secret.local on the
// emulator (scripts/lib/emulators.mjs writes development values there). Never literals.
export const jwtSecret = defineSecret('JWT_SECRET');

/** Stripe secret key (sk_test_... in test mode). Without one, payments answer 503. */
export const stripeSecretKey = defineSecret('STRIPE_SECRET_KEY');
/** Signing secret of the Stripe webhook endpoint (whsec_...). */
export const stripeWebhookSecret = defineSecret('STRIPE_WEBHOOK_SECRET');

/**
 * How long an API token lives. The web mints a new one from the Firebase session a few
 * minutes before this runs out (and once more on a 401), so a session lasts as long as the
 * Firebase session does; the lifetime only bounds how long a stolen token stays useful.
 */
export const apiTokenLifetimeSeconds = 60 * 60;

/**
 * The hostel's time zone (an IANA name): the weekly meal-request quota resets on Monday
 * 00:00 there. HOSTEL_TIME_ZONE overrides the default from the contracts.
 */
export const hostelTimeZone = (): string => process.env.HOSTEL_TIME_ZONE || defaultHostelTimeZone;

/**
 * Meal requests a member may cancel per day (hostel time) before their next request that day
 * is refused: bounds the records a request/cancel loop can add. MEAL_REQUEST_CANCELS_PER_DAY
 * (a positive integer) overrides the default from the contracts.
 */
export function mealRequestCancelsPerDay(): number {
  const configured = Number(process.env.MEAL_REQUEST_CANCELS_PER_DAY);
  return Number.isInteger(configured) && configured > 0 ? configured : defaultCancelsPerDay;
}
