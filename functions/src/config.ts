import { defineSecret } from 'firebase-functions/params';
import { defaultCancelsPerDay, defaultComplaintsPerDay, defaultHostelTimeZone } from '@hostelhub/contracts';

// Secrets come from Secret Manager in production and from functions/.secret.local on the
// emulator (scripts/lib/emulators.mjs writes development values there). Never literals.
export const jwtSecret = defineSecret('JWT_SECRET');

/**
 * The key meal passes are signed with (HMAC-SHA256, ADR 0034): a key of their own, so a leak
 * of either this or JWT_SECRET does not give away the other.
 */
export const passSecret = defineSecret('PASS_SECRET');

/**
 * The key unsubscribe links are signed with (HMAC-SHA256, lib/mail-links.ts): a key of its
 * own, so the functions that write emails (the webhook, the schedules) hold no key that
 * signs API tokens or meal passes.
 */
export const mailLinkSecret = defineSecret('MAIL_LINK_SECRET');

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

/**
 * Complaints a member may raise per day (hostel time): every complaint reaches the admins, so
 * one account may not bury them (ADR 68). COMPLAINTS_PER_MEMBER_PER_DAY (a positive integer,
 * functions/.env.<project>) overrides the default from the contracts.
 */
export function complaintsPerMemberPerDay(): number {
  const configured = Number(process.env.COMPLAINTS_PER_MEMBER_PER_DAY);
  return Number.isInteger(configured) && configured > 0 ? configured : defaultComplaintsPerDay;
}

/** A whole number from the environment, or the default when unset or not a number ≥ 0. */
function wholeNumberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return process.env[name] !== undefined && process.env[name] !== '' && Number.isInteger(value) && value >= 0
    ? value
    : fallback;
}

/** How many calls one caller may make in a minute, per kind (0 turns a limit off). */
export type RateLimitSettings = {
  /** POST/PUT/PATCH/DELETE by one signed-in user, but the counter's. */
  writesPerMinute: number;
  /** The counter's serves, walk-ins and undos (staff routes) by one signed-in user. */
  counterWritesPerMinute: number;
  /** Routes that call Stripe (checkout, sync, cancel, resume, plan change) by one user. */
  stripeCallsPerMinute: number;
  /** GETs without a valid API token from one address (those the CDN did not answer). */
  anonymousReadsPerMinute: number;
  /** GETs with a valid API token by one user. */
  signedInReadsPerMinute: number;
  /** POST /jwt (a Firebase ID token exchanged for an API token, an Auth lookup each) from one address. */
  tokenExchangesPerMinute: number;
  /** Public pages rendered by the `pages` function (what the CDN did not answer) for one address. */
  pageRendersPerMinute: number;
};

/**
 * Rate limits, kept in Firestore so they hold across instances (ADR 0018, 0050). The defaults
 * sit well above what a person does (thirty concurrent likes by one user still pass; paging
 * as fast as one can click stays far below 300 reads a minute) and below what a script does:
 * the fortieth quick like of one user within a minute is refused. Staff at the counter serve a
 * queue, a member every few seconds at the lunch rush, so the counter's serves, walk-ins and
 * undos count apart, up to four a second (a caller who is not staff is refused by the route
 * within that bound). RATE_LIMIT_WRITES_PER_MINUTE, RATE_LIMIT_COUNTER_WRITES_PER_MINUTE,
 * RATE_LIMIT_STRIPE_CALLS_PER_MINUTE, RATE_LIMIT_ANONYMOUS_READS_PER_MINUTE,
 * RATE_LIMIT_SIGNED_IN_READS_PER_MINUTE, RATE_LIMIT_TOKEN_EXCHANGES_PER_MINUTE and
 * RATE_LIMIT_PAGE_RENDERS_PER_MINUTE override them (functions/.env.<project>).
 */
export const rateLimitSettings = (): RateLimitSettings => ({
  writesPerMinute: wholeNumberFromEnv('RATE_LIMIT_WRITES_PER_MINUTE', 35),
  counterWritesPerMinute: wholeNumberFromEnv('RATE_LIMIT_COUNTER_WRITES_PER_MINUTE', 240),
  stripeCallsPerMinute: wholeNumberFromEnv('RATE_LIMIT_STRIPE_CALLS_PER_MINUTE', 12),
  anonymousReadsPerMinute: wholeNumberFromEnv('RATE_LIMIT_ANONYMOUS_READS_PER_MINUTE', 600),
  signedInReadsPerMinute: wholeNumberFromEnv('RATE_LIMIT_SIGNED_IN_READS_PER_MINUTE', 300),
  tokenExchangesPerMinute: wholeNumberFromEnv('RATE_LIMIT_TOKEN_EXCHANGES_PER_MINUTE', 120),
  pageRendersPerMinute: wholeNumberFromEnv('RATE_LIMIT_PAGE_RENDERS_PER_MINUTE', 300),
});

/** Every limit off (a limit of 0 keeps no counter): the page renderer's own in-process API. */
export const noRateLimits: RateLimitSettings = {
  writesPerMinute: 0,
  counterWritesPerMinute: 0,
  stripeCallsPerMinute: 0,
  anonymousReadsPerMinute: 0,
  signedInReadsPerMinute: 0,
  tokenExchangesPerMinute: 0,
  pageRendersPerMinute: 0,
};

/**
 * How long an instance keeps the `total` of a meal list (lib/meal-totals.ts, ADR 0040):
 * MEAL_TOTALS_FRESH_SECONDS overrides it, and 0 counts on every page (the test suites, which
 * write meals straight to Firestore and count them at once).
 */
export const mealTotalsFreshMs = (): number => wholeNumberFromEnv('MEAL_TOTALS_FRESH_SECONDS', 30) * 1000;

/**
 * Short codes a member of staff may type wrong in a minute before the counter refuses further
 * short codes for a while (a refusal says how long): 31^6 codes, valid per serving for a
 * minute, cannot be guessed at this pace. SHORT_CODE_FAILURES_PER_MINUTE overrides it.
 */
export const shortCodeFailuresPerMinute = (): number => wholeNumberFromEnv('SHORT_CODE_FAILURES_PER_MINUTE', 10);

/**
 * How long a request may take before the caller is told to try again (ADR 0019): well inside
 * the function's 60 s timeout, so a stalled Firestore gives a quick 503 rather than a hang.
 * REQUEST_DEADLINE_SECONDS overrides it.
 */
export const requestDeadlineMs = (): number => wholeNumberFromEnv('REQUEST_DEADLINE_SECONDS', 8) * 1000;

/**
 * Firebase App Check on the API (docs/security.md): APP_CHECK_ENFORCED=true makes every call
 * carry a valid `X-Firebase-AppCheck` token. Off by default and on the emulators, which have
 * no attestation provider.
 */
export const appCheckEnforced = (): boolean => process.env.APP_CHECK_ENFORCED === 'true';

/**
 * The Cloud Storage bucket the nightly Firestore export writes to (its name, no `gs://`):
 * BACKUP_BUCKET in functions/.env.<project>, which `npm run deploy` writes from the config's
 * `backupBucket`. Unset (the emulators), the backup logs an error and exports nothing.
 */
export const backupBucket = (): string => (process.env.BACKUP_BUCKET ?? '').trim();

/** The hostel's name, as its emails sign off. HOSTEL_NAME overrides it. */
export const hostelName = (): string => process.env.HOSTEL_NAME || 'HostelHub';

/**
 * The site's address, for the links in emails: SITE_URL when set (the hostel's own domain),
 * else the emulators' Hosting address, else the project's Hosting domain.
 */
export function siteUrl(): string {
  const configured = process.env.SITE_URL || process.env.HOSTING_URL;
  if (configured) return configured.replace(/\/+$/, '');
  return `https://${process.env.GCLOUD_PROJECT ?? 'demo-hostel-meals'}.web.app`;
}
