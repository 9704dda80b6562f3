import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app.js';
import { jwtSecret, stripeSecretKey, stripeWebhookSecret } from './config.js';
import { handleStripeWebhook } from './features/payments/webhook.js';

setGlobalOptions({ region: 'us-central1', maxInstances: 10 });

export const api = onRequest({ secrets: [jwtSecret, stripeSecretKey] }, createApp());

/** Stripe posts payment events here; the URL is registered as the webhook endpoint. */
export const stripeWebhook = onRequest({ secrets: [stripeSecretKey, stripeWebhookSecret] }, handleStripeWebhook);
