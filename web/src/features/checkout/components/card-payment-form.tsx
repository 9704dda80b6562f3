import { CardCvcElement, CardExpiryElement, CardNumberElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardNumberElementChangeEvent, StripeError } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { alreadyPurchasedMessage } from '@hostelhub/contracts';
import { ApiRequestError, isSessionEndingError } from '@/lib/api-client';
import { reportActionError, showError, showSuccess } from '@/lib/dialogs';
import { createSubscription, syncSubscription, type CheckoutPackage } from '../api/checkout-api';
import { fieldForCardError, type CardField } from '../lib/card-errors';
import { CardBrands } from './card-brands';

export type CheckoutAccount = { uid: string; name: string; email: string; emailVerified: boolean };

type CardPaymentFormProps = {
  plan: CheckoutPackage;
  account: CheckoutAccount | null;
  alreadyPurchased: boolean;
  onSignInRequired: () => void;
  onPaid: () => Promise<void> | void;
};

const elementStyle = {
  // Stripe draws the card fields in its own frames: stone-900 and stone-400, as `.input`.
  style: { base: { fontSize: '16px', color: '#1c1917', '::placeholder': { color: '#a8a29e' } } },
};
// The frame around each Stripe field looks like the site's `.input`.
const fieldBox = 'input focus-within:border-orange-500 focus-within:ring-2 focus-within:ring-orange-200';

type FieldErrors = Partial<Record<CardField, string>>;

/** The two fields side by side below the card number. */
const smallFields = [
  { field: 'expiry', label: 'Expiry', Element: CardExpiryElement },
  { field: 'cvc', label: 'CVC', Element: CardCvcElement },
] as const;

/**
 * The card form: number, expiry and CVC as separate Stripe Elements. Paying creates a card
 * PaymentMethod, asks the API for a subscription (the API sets the price), confirms the
 * first invoice's payment with the card, then has the API record it from Stripe.
 */
export function CardPaymentForm({ plan, account, alreadyPurchased, onSignInRequired, onPaid }: CardPaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [brand, setBrand] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const setFieldError = (field: CardField, message: string | undefined) =>
    setErrors((current) => ({ ...current, [field]: message }));

  /** Card errors the person can fix go under their field with the provider's message; others become a dialog. */
  async function reportProviderError(error: StripeError) {
    const field = fieldForCardError(error.code);
    const message = error.message ?? 'Your card could not be charged.';
    if (field) setFieldError(field, message);
    else await showError(message);
  }

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!account) return onSignInRequired();
    if (alreadyPurchased) return void showError(alreadyPurchasedMessage);
    const card = elements?.getElement('cardNumber');
    if (!stripe || !card) return;

    setPaying(true);
    try {
      const created = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: { name: account.name, email: account.email },
      });
      if (created.error) return await reportProviderError(created.error);

      let ticket;
      try {
        ticket = await createSubscription(plan._id);
      } catch (error) {
        // 409: this package is held already, or another plan is live (its message says so).
        return await reportActionError(error);
      }

      // The first invoice's payment (the days up to the 15th, with VAT); 3-D Secure runs here.
      const confirmed = await stripe.confirmCardPayment(ticket.clientSecret, {
        payment_method: created.paymentMethod.id,
      });
      if (confirmed.error) return await reportProviderError(confirmed.error);
      if (confirmed.paymentIntent.status !== 'succeeded') {
        return await showError(`The payment was not completed (${confirmed.paymentIntent.status}).`);
      }

      try {
        await syncSubscription(ticket.subscriptionId);
      } catch (error) {
        if (isSessionEndingError(error)) return;
        // The card was charged; Stripe's webhook brings the membership even if this call failed.
        const serverMessage = error instanceof ApiRequestError ? error.message : 'Saving the payment failed';
        return await showError(
          serverMessage,
          'Your card was charged. Your membership will appear automatically; check My Profile in a minute.',
        );
      }
      await onPaid();
      await showSuccess('Payment successful', `You successfully purchased ${plan.name} package`);
    } finally {
      setPaying(false);
    }
  }

  const fieldError = (field: CardField) =>
    errors[field] ? (
      <p id={`card-${field}-error`} role="alert" className="field-error">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form onSubmit={pay} noValidate aria-label="Card payment" className="space-y-4">
      <div>
        <div className="mb-1 flex items-center justify-between gap-2">
          <label htmlFor="card-number" className="label">
            Card number
          </label>
          <CardBrands detected={brand} />
        </div>
        <div className={fieldBox} aria-describedby={errors.number ? 'card-number-error' : undefined}>
          <CardNumberElement
            id="card-number"
            options={{ ...elementStyle, showIcon: false }}
            onChange={(change: StripeCardNumberElementChangeEvent) => {
              setBrand(change.brand);
              setFieldError('number', change.error?.message);
            }}
          />
        </div>
        {fieldError('number')}
      </div>
      <div className="grid grid-cols-2 gap-4">
        {smallFields.map(({ field, label, Element }) => (
          <div key={field}>
            <label htmlFor={`card-${field}`} className="label mb-1">
              {label}
            </label>
            <div className={fieldBox}>
              <Element
                id={`card-${field}`}
                options={elementStyle}
                onChange={(change) => setFieldError(field, change.error?.message)}
              />
            </div>
            {fieldError(field)}
          </div>
        ))}
      </div>
      <SubscribeButton disabled={!stripe || paying} busy={paying} />
    </form>
  );
}

export function SubscribeButton({ disabled, busy = false }: { disabled: boolean; busy?: boolean }) {
  return (
    <button type="submit" disabled={disabled} className="btn-primary w-full py-3">
      {busy ? 'Processing…' : 'Subscribe'}
    </button>
  );
}
