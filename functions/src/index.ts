import { setGlobalOptions } from 'firebase-functions/v2';
import { logger } from 'firebase-functions';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app.js';
import { jwtSecret, stripeSecretKey, stripeWebhookSecret } from './config.js';
import { tidyEndedMemberships } from './features/payments/tidy-memberships.js';
import { handleStripeWebhook } from './features/payments/webhook.js';

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

export const api = onRequest({ secrets: [jwtSecret, stripeSecretKey] }, createApp());

/** Stripe posts payment events here; the URL is registered as the webhook endpoint. */
export const stripeWebhook = onRequest({ secrets: [stripeSecretKey, stripeWebhookSecret] }, handleStripeWebhook);

/** Once a day, ended memberships are stored as expired (no check waits for this). */
export const tidyMemberships = onSchedule({ schedule: 'every day 03:00', timeZone: 'UTC' }, async () => {
  logger.info('Tidied ended memberships', { count: await tidyEndedMemberships() });
});
