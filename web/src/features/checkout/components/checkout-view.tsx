import { Elements } from '@stripe/react-stripe-js';
import { useQuery } from '@tanstack/react-query';
import type { Stripe } from '@stripe/stripe-js';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FormField } from '@/components/form-field';
import { ApiRequestError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/page-head';
import { paths } from '@/lib/paths';
import { alreadyPurchasedMessage, isMember, type Membership } from '@hostelhub/contracts';
import { packageQueryOptions, purchaseQueryOptions } from '../api/checkout-api';
import { isTestMode, loadStripeForCheckout, paymentsConfigured, type StripeAvailability } from '../lib/stripe';
import { CardPaymentForm, SubscribeButton, type CheckoutAccount } from './card-payment-form';
import { DemoPaymentsNote } from './demo-payments-note';
import { OrderSummary } from './order-summary';
import { PlanCard } from './plan-card';
import { PlanChangePanel } from './plan-change-panel';
import { VerifyEmailPanel, type EmailVerification } from './verify-email-panel';

type CheckoutViewProps = {
  packageId: string;
  /** The signed-in account, or null for a visitor (who is sent to sign in on submit). */
  account: CheckoutAccount | null;
  onSignInRequired: () => void;
  onPaid: () => Promise<void> | void;
  /** Sends and re-checks the account's email verification (needed before paying). */
  emailVerification: EmailVerification;
  /** The signed-in account's membership: a member of another plan changes plan instead. */
  membership?: Membership | null;
};

function useStripeAvailability(): StripeAvailability {
  const [availability, setAvailability] = useState<StripeAvailability>(() =>
    paymentsConfigured() ? { status: 'loading' } : { status: 'not-configured' },
  );
  useEffect(() => {
    if (!paymentsConfigured()) return;
    let current = true;
    loadStripeForCheckout().then(
      (stripe) => current && setAvailability({ status: 'ready', stripe }),
      (error: Error) => current && setAvailability({ status: 'unavailable', reason: error.message }),
    );
    return () => {
      current = false;
    };
  }, []);
  return availability;
}

export function CheckoutView({
  packageId,
  account,
  onSignInRequired,
  onPaid,
  emailVerification,
  membership = null,
}: CheckoutViewProps) {
  const plan = useQuery(packageQueryOptions(packageId));
  const purchase = useQuery(purchaseQueryOptions(account?.uid ?? null));
  const stripe = useStripeAvailability();
  const missing = plan.error instanceof ApiRequestError && plan.error.status === 404;
  useDocumentTitle(missing ? 'Package not found' : 'Checkout');

  if (plan.isPending)
    return (
      <p role="status" className="p-10 text-center">
        Loading the package…
      </p>
    );
  if (plan.isError) {
    return (
      <div role="alert" className="mx-auto max-w-xl p-10 text-center">
        <h1 className="mb-2 text-2xl font-bold">{missing ? 'Package not found' : 'The package could not be loaded'}</h1>
        <p>{missing ? 'This membership package does not exist.' : plan.error.message}</p>
      </div>
    );
  }

  const alreadyPurchased = Boolean(purchase.data?.packageId && purchase.data.packageId === plan.data._id);
  // A live subscription to another plan is changed, not joined by a second one.
  const changesPlan =
    account !== null &&
    membership !== null &&
    membership.subscriptionId !== null &&
    membership.packageId !== plan.data._id &&
    isMember({ membership }, new Date());
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2">
      <div className="space-y-6">
        <h1 className="text-3xl font-bold">Checkout</h1>
        <PlanCard plan={plan.data} />
        <OrderSummary plan={plan.data} subscribing={!changesPlan} />
      </div>

      <div className="space-y-6">
        <section aria-labelledby="contact-title" className="card p-6">
          <h2 id="contact-title" className="mb-3 text-lg font-semibold">
            Contact information
          </h2>
          <FormField label="Name" className="mb-3">
            {(field) => (
              <input
                {...field}
                disabled
                value={account?.name ?? ''}
                placeholder="Sign in to continue"
                className="input"
              />
            )}
          </FormField>
          <FormField label="Email">
            {(field) => (
              <input
                {...field}
                disabled
                type="email"
                value={account?.email ?? ''}
                placeholder="Sign in to continue"
                className="input"
              />
            )}
          </FormField>
        </section>

        <section aria-labelledby="payment-title" className="card p-6">
          <h2 id="payment-title" className="mb-3 text-lg font-semibold">
            Payment details
          </h2>
          {alreadyPurchased && (
            <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
              {alreadyPurchasedMessage}
            </p>
          )}
          {changesPlan && account && membership ? (
            <PlanChangePanel
              uid={account.uid}
              plan={plan.data}
              current={membership}
              onChanged={async () => {
                await Promise.all([purchase.refetch(), onPaid()]);
              }}
            />
          ) : account && !account.emailVerified ? (
            <VerifyEmailPanel email={account.email} verification={emailVerification} />
          ) : (
            <PaymentArea
              availability={stripe}
              form={(ready) => (
                <Elements stripe={ready}>
                  <CardPaymentForm
                    plan={plan.data}
                    account={account}
                    alreadyPurchased={alreadyPurchased}
                    onSignInRequired={onSignInRequired}
                    onPaid={async () => {
                      await Promise.all([purchase.refetch(), onPaid()]);
                    }}
                  />
                </Elements>
              )}
            />
          )}
          <p className="mt-4 text-xs text-stone-600">
            By subscribing you agree to our{' '}
            <Link to={paths.terms} className="font-semibold text-orange-700 underline">
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link to={paths.privacy} className="font-semibold text-orange-700 underline">
              Privacy Policy
            </Link>
            .
          </p>
          <p className="mt-1 text-xs text-stone-600">
            Your membership renews automatically on the 15th of each month. You can cancel anytime.
          </p>
        </section>
      </div>
    </div>
  );
}

type PaymentAreaProps = {
  availability: StripeAvailability;
  form: (stripe: Stripe) => ReactNode;
};

/** The card form once Stripe.js is there; otherwise a plain statement of why it is not. */
function PaymentArea({ availability, form }: PaymentAreaProps) {
  switch (availability.status) {
    case 'ready':
      return (
        <>
          {/* A build-time constant: only the demo build keeps this note (lib/demo-payments.ts). */}
          {__DEMO_STRIPE_API_URL__ !== '' ? (
            <DemoPaymentsNote />
          ) : (
            isTestMode() && (
              <p className="mb-3 text-xs text-stone-600">
                Test mode: pay with 4242 4242 4242 4242, any future expiry and any CVC.
              </p>
            )
          )}
          {form(availability.stripe)}
        </>
      );
    default:
      return (
        <>
          <UnavailableNote status={availability.status} />
          <SubscribeButton disabled />
        </>
      );
  }
}

/** Why the card form is not there: still loading, payments not set up, or Stripe.js blocked. */
function UnavailableNote({ status }: { status: Exclude<StripeAvailability['status'], 'ready'> }) {
  if (status === 'loading')
    return (
      <p role="status" className="mb-4 text-sm text-stone-600">
        Loading the secure card form…
      </p>
    );
  if (status === 'not-configured')
    return (
      <p role="alert" className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
        Payments are not configured on this site yet, so memberships cannot be bought right now.
      </p>
    );
  return (
    <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
      Card payments are unavailable: the payment form (Stripe.js) could not be loaded. Check your connection or any
      content blocker, then reload the page.
    </p>
  );
}
