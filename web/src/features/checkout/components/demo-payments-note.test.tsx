import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installStripeStandIn } from '@/testing/stripe-js-stand-in';
import { DemoPaymentsNote } from './demo-payments-note';

describe('the demo payments note', () => {
  it('says it is a demo and names the card that pays and the one that is declined', () => {
    render(<DemoPaymentsNote />);
    const note = screen.getByTestId('demo-payments');
    expect(note).toHaveTextContent('Demo payments: nothing is charged.');
    expect(note).toHaveTextContent('Use card 4242 4242 4242 4242');
    expect(note).toHaveTextContent('4000 0000 0000 0002 is declined');
  });
});

describe('the Stripe.js stand-in the demo installs', () => {
  it("confirms a payment at the demo Stripe's address instead of api.stripe.com", async () => {
    const calls: string[] = [];
    const target = {
      document,
      fetch: async (url: string) => {
        calls.push(url);
        return new Response(JSON.stringify({ id: 'pi_1', status: 'succeeded' }), { status: 200 });
      },
    } as unknown as Window;
    installStripeStandIn(target, 'http://127.0.0.1:12111');
    type StandIn = {
      confirmCardPayment: (secret: string, data: { payment_method: string }) => Promise<unknown>;
    };
    const stripe = (target as unknown as { Stripe: (key: string) => StandIn }).Stripe('pk_test_hostelhub_demo');
    const result = await stripe.confirmCardPayment('pi_1_secret_abc', { payment_method: 'pm_card_visa' });
    expect(calls).toEqual(['http://127.0.0.1:12111/v1/payment_intents/pi_1/confirm']);
    expect(result).toEqual({ paymentIntent: { id: 'pi_1', status: 'succeeded' } });
  });
});
