import type { Request } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import Stripe from 'stripe';
import { ApiError } from '../../lib/errors.js';
import { recordSucceededPayment, toRecordPaymentResponse } from './record-payment.js';
import { webhookSecret } from './stripe-client.js';

// The express Response type that firebase-functions itself is built against.
type Response = NonNullable<Request['res']>;

/**
 * The Stripe webhook. It answers 2xx once an event needs nothing more from Stripe (recorded,
 * already recorded, refused for good, or of a type we ignore) and non-2xx when a retry could
 * succeed, so Stripe delivers the event again later.
 */
export async function handleStripeWebhook(req: Request, res: Response) {
  if (req.method !== 'POST') {
    res.set('allow', 'POST').status(405).json({ message: 'Use POST' });
    return;
  }
  const secret = webhookSecret();
  if (!secret) {
    res.status(503).json({ message: 'Payments are not configured' });
    return;
  }

  let event: Stripe.Event;
  try {
    // The signature covers the exact bytes Stripe sent, so it is checked on the raw body.
    event = Stripe.webhooks.constructEvent(req.rawBody, req.get('stripe-signature') ?? '', secret);
  } catch {
    res.status(400).json({ message: 'Invalid or missing Stripe signature' });
    return;
  }

  if (event.type !== 'payment_intent.succeeded') {
    res.json({ received: true, ignored: event.type });
    return;
  }

  const paymentIntentId = event.data.object.id;
  try {
    const recording = await recordSucceededPayment(paymentIntentId, null);
    res.json({ received: true, ...toRecordPaymentResponse(recording) });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      // Not ours, not succeeded or the wrong amount: retrying will not change that.
      logger.warn('Refused a payment_intent.succeeded event', { paymentIntentId, reason: error.message });
      res.json({ received: true, refused: error.message });
      return;
    }
    logger.error('Could not record a payment from a webhook; Stripe will retry', { paymentIntentId, error });
    res.status(error instanceof ApiError ? error.status : 500).json({ message: 'Try again later' });
  }
}
