import Stripe from 'stripe';
import { logger } from 'firebase-functions';
import { stripeSecretKey, stripeWebhookSecret } from '../config.js';
import { ApiError, notFound } from './errors.js';

// functions/.secret.local holds a placeholder (not a key) until someone configures Stripe,
// because the functions emulator treats an empty secret as missing and asks Secret Manager.
const secretKeyPattern = /^[sr]k_(test|live)_\w+$/;
const webhookSecretPattern = /^whsec_\w+$/;

export const paymentsNotConfigured = () => new ApiError(503, 'Payments are not configured');
const providerUnavailable = () => new ApiError(502, 'The payment provider could not be reached. Please try again.');

/**
 * Where the SDK sends its requests. Unset in production (api.stripe.com); the test run points
 * it at a local fake of the Stripe API. Plain environment variables, not params, because the
 * functions emulator passes its own environment through to the functions it runs.
 */
function apiEndpoint(): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const { STRIPE_API_HOST: host, STRIPE_API_PORT: port, STRIPE_API_PROTOCOL: protocol } = process.env;
  return {
    ...(host ? { host } : {}),
    ...(port ? { port: Number(port) } : {}),
    ...(protocol === 'http' || protocol === 'https' ? { protocol } : {}),
  };
}

/** The charge's currency (and a leave credit's); package prices are stored in US dollars. */
export const chargeCurrency = 'usd';

let cached: { key: string; client: Stripe } | null = null;

/** The Stripe client, or null when no secret key is configured. */
export function stripeClient(): Stripe | null {
  const key = stripeSecretKey.value().trim();
  if (!secretKeyPattern.test(key)) return null;
  if (cached?.key !== key) {
    cached = { key, client: new Stripe(key, { ...apiEndpoint(), maxNetworkRetries: 2, timeout: 20_000 }) };
  }
  return cached.client;
}

export function requireStripe(): Stripe {
  const client = stripeClient();
  if (!client) throw paymentsNotConfigured();
  return client;
}

/** The webhook signing secret, or null when none is configured. */
export function webhookSecret(): string | null {
  const secret = stripeWebhookSecret.value().trim();
  return webhookSecretPattern.test(secret) ? secret : null;
}

/** True for failures worth retrying later: network trouble, Stripe's own 5xx, rate limits. */
function isTransientStripeError(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error.statusCode ?? 0) >= 500
  );
}

function isMissingResource(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

/**
 * Every Stripe call the API makes goes through here: the one place Stripe's failures become
 * HTTP answers. No such object is 404, a declined card 402, Stripe unreachable (worth a retry)
 * or refusing 502; an ApiError the call itself threw passes through.
 */
export async function stripeCall<T>(what: string, call: (stripe: Stripe) => Promise<T>): Promise<T> {
  const stripe = requireStripe();
  try {
    return await call(stripe);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (isMissingResource(error)) throw notFound(`No such ${what}`);
    if (isTransientStripeError(error)) throw providerUnavailable();
    const card = error as { type?: string; message?: string };
    if (card.type === 'StripeCardError') throw new ApiError(402, card.message ?? 'Your card was declined.');
    logger.error(`Stripe refused: ${what}`, error);
    throw new ApiError(502, 'The payment provider refused the request');
  }
}
