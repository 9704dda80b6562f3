import type { Request } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions';
import Stripe from 'stripe';
import { ownValue } from '@hostelhub/contracts';
import { ApiError } from '../../lib/errors.js';
import { mirrorSubscription } from './mirror.js';
import { webhookSecret } from '../../lib/stripe-client.js';
import { chargeOfDispute, recordFailedInvoice, recordPaidInvoice, revokeCharge } from './stripe-events.js';

// The express Response type that firebase-functions itself is built against.
type Response = NonNullable<Request['res']>;

/**
 * What each event type does. Every handler takes only the object's id from the event and
 * reads the object back from Stripe, so a forged or stale body changes nothing, and the
 * outcome is the same in any order and after any number of deliveries.
 */
const handlers: Record<string, (object: { id: string }) => Promise<object>> = {
  // A paid invoice (first, renewal or upgrade): a payment row, and the membership extended.
  'invoice.paid': ({ id }) => recordPaidInvoice(id),
  // Stripe marks the subscription past_due; the mirror says so, and a failed renewal is told.
  'invoice.payment_failed': ({ id }) => recordFailedInvoice(id),
  'customer.subscription.created': ({ id }) => mirrorSubscription(id, null),
  'customer.subscription.updated': ({ id }) => mirrorSubscription(id, null),
  'customer.subscription.deleted': ({ id }) => mirrorSubscription(id, null),
  // A refund or dispute of an invoice, or of a one-off month bought before subscriptions.
  'charge.refunded': async ({ id }) => ({ revoked: await revokeCharge(id, 'refunded') }),
  'charge.dispute.created': async ({ id }) => ({ revoked: await revokeCharge(await chargeOfDispute(id), 'disputed') }),
};

/** The event types to enable on the Stripe webhook endpoint (docs/payments.md). */
export const handledEventTypes = Object.keys(handlers);

/**
 * The Stripe webhook. It answers 2xx once an event needs nothing more from Stripe (done,
 * done before, refused for good, or of a type we ignore) and non-2xx only when a retry could
 * succeed (Stripe or Firestore failed), so Stripe delivers the event again later.
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
    event = Stripe.webhooks.constructEvent(req.rawBody, req.header('stripe-signature') ?? '', secret);
  } catch {
    res.status(400).json({ message: 'Invalid or missing Stripe signature' });
    return;
  }

  const handler = ownValue(handlers, event.type);
  const objectId = (event.data.object as { id?: unknown }).id;
  if (!handler || typeof objectId !== 'string') {
    res.json({ received: true, ignored: event.type });
    return;
  }

  try {
    res.json({ received: true, ...(await handler({ id: objectId })) });
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      // Not ours, not paid, unknown or the wrong amount: retrying will not change that.
      logger.warn('Refused a Stripe event', { type: event.type, objectId, reason: error.message });
      res.json({ received: true, refused: error.message });
      return;
    }
    logger.error('Could not handle a Stripe event; Stripe will retry', { type: event.type, objectId, error });
    res.status(error instanceof ApiError ? error.status : 500).json({ message: 'Try again later' });
  }
}
