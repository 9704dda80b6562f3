import type { Stripe } from '@stripe/stripe-js';
import { env } from '@/lib/env';
import { installDemoStripeJs } from './demo-payments';

export type StripeAvailability =
  | { status: 'loading' }
  | { status: 'ready'; stripe: Stripe }
  | { status: 'not-configured' }
  | { status: 'unavailable'; reason: string };

const publishableKey = env.stripePublishableKey;

export const paymentsConfigured = () => /^pk_(test|live)_\w+$/.test(publishableKey);
export const isTestMode = () => publishableKey.startsWith('pk_test_');

let loading: Promise<Stripe> | null = null;

/**
 * Loads Stripe.js from js.stripe.com (in the demo, its stand-in, which loadStripe then finds in
 * place). The SDK module itself is imported here, on demand, so only the checkout page ever
 * downloads it.
 */
export function loadStripeForCheckout(): Promise<Stripe> {
  loading ??= installDemoStripeJs()
    .then(() => import('@stripe/stripe-js/pure'))
    .then(({ loadStripe }) => loadStripe(publishableKey))
    .then((stripe) => {
      if (!stripe) throw new Error('Stripe.js is not available in this browser');
      return stripe;
    })
    .catch((error: unknown) => {
      loading = null; // a later visit may try again
      throw error;
    });
  return loading;
}
