import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@hostelhub/contracts';
import { dismissDialog, expectDialog } from '@/testing/dialogs';
import { server, onEndpoint } from '@/testing/server';
import { installStripeStandIn } from '@/testing/stripe-js-stand-in';
import { fakeSession, renderRoutes, sessionFor, studentProfile } from '@/testing/render';
import { CheckoutPage } from '../pages/checkout';
import { CheckoutView } from './checkout-view';

// Stripe.js is the edge: the stand-in plays it, or its loading fails, or no key is configured.
const stripeMode = vi.hoisted(() => ({ current: 'ready' as 'ready' | 'unavailable' | 'not-configured' }));
vi.mock('../lib/stripe', () => ({
  paymentsConfigured: () => stripeMode.current !== 'not-configured',
  isTestMode: () => true,
  loadStripeForCheckout: async () => {
    if (stripeMode.current === 'unavailable') throw new Error('Failed to load Stripe.js');
    installStripeStandIn(window);
    return (window as unknown as { Stripe: (key: string) => unknown }).Stripe('pk_test_component');
  },
}));

const gold = {
  _id: 'gold',
  name: 'Gold',
  price: 29.99,
  services: ['Priority serving', 'Like upcoming meals'],
  weeklyRequestLimit: 7,
  priorityServing: true,
  // As the server works it out: the days to the next 15th of $29.99, and the month in full, with VAT.
  firstPayment: { dueTodayInCents: 1523, monthlyInCents: 3149, renewsAt: '2026-12-15T10:00:00.000Z' },
};
const account = { uid: 'u1', name: 'Sam Student', email: 'sam@hostelhub.test', emailVerified: true };
const calls: { path: string; body: unknown }[] = [];
let holds: string | null = null;
let paymentIntentStatus = 'succeeded';

const handlers = [
  onEndpoint(endpoints.package, ({ params }) =>
    params.id === 'gold' ? HttpResponse.json(gold) : HttpResponse.json({ message: 'No such package' }, { status: 404 }),
  ),
  onEndpoint(endpoints.alreadyPurchased, () =>
    HttpResponse.json({ packageId: holds, packageName: holds ? 'Gold' : null }),
  ),
  onEndpoint(endpoints.subscribe, async ({ request }) => {
    calls.push({ path: 'subscriptions', body: await request.json() });
    return HttpResponse.json(
      {
        subscriptionId: 'sub_123',
        clientSecret: 'pi_123_secret_abc',
        amountDueInCents: 1523,
        currentPeriodEnd: '2026-12-15T10:00:00.000Z',
      },
      { status: 201 },
    );
  }),
  http.post('https://api.stripe.com/v1/payment_intents/:id/confirm', async ({ params, request }) => {
    calls.push({ path: 'confirm', body: Object.fromEntries(new URLSearchParams(await request.text())) });
    const declined = paymentIntentStatus !== 'succeeded';
    return HttpResponse.json({
      id: params.id,
      object: 'payment_intent',
      status: declined ? 'requires_payment_method' : 'succeeded',
      payment_method_types: ['card'],
    });
  }),
  onEndpoint(endpoints.syncSubscription, ({ params }) => {
    calls.push({ path: `subscriptions/${String(params.id)}/sync`, body: null });
    return HttpResponse.json({ badge: 'Gold', membership: null });
  }),
];

beforeEach(() => {
  server.use(...handlers);
  stripeMode.current = 'ready';
  holds = null;
  paymentIntentStatus = 'succeeded';
  calls.length = 0;
});
function renderCheckout(props: Partial<Parameters<typeof CheckoutView>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const handlers = {
    onSignInRequired: vi.fn(),
    onPaid: vi.fn(),
    emailVerification: { send: vi.fn(async () => {}), check: vi.fn(async () => false) },
  };
  const view = (more: Partial<Parameters<typeof CheckoutView>[0]> = {}) => (
    <QueryClientProvider client={client}>
      {/* The view links the Terms and the Privacy Policy, so it needs a router around it. */}
      <MemoryRouter>
        <CheckoutView packageId="gold" account={account} {...handlers} {...props} {...more} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { rerender } = render(view());
  return { ...handlers, rerender: (more: Partial<Parameters<typeof CheckoutView>[0]>) => rerender(view(more)) };
}

async function typeCard(number: string, expiry = '1234', cvc = '123') {
  const user = userEvent.setup();
  await user.type(await screen.findByPlaceholderText('1234 1234 1234 1234'), number);
  await user.type(screen.getByPlaceholderText('MM / YY'), expiry);
  await user.type(screen.getByPlaceholderText('CVC'), cvc);
  return user;
}

describe('CheckoutView', () => {
  it('shows the plan, the total with 5% VAT, the account and the renewal note', async () => {
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Gold membership' })).toBeInTheDocument();
    expect(screen.getByText('Priority serving')).toBeInTheDocument();
    expect(screen.getByText('VAT (5%)').nextSibling).toHaveTextContent('$1.50');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$31.49');
    expect(screen.getByLabelText('Name')).toBeDisabled();
    expect(screen.getByLabelText('Name')).toHaveValue('Sam Student');
    expect(screen.getByLabelText('Email')).toHaveValue('sam@hostelhub.test');
    expect(screen.getByText(/renews automatically on the 15th of each month.*cancel anytime/i)).toBeInTheDocument();
    const brands = within(screen.getByRole('list', { name: 'Accepted cards' })).getAllByRole('listitem');
    expect(brands.map((brand) => brand.getAttribute('data-brand'))).toEqual([
      'visa',
      'mastercard',
      'amex',
      'discover',
      'diners',
      'jcb',
      'unionpay',
    ]);
  });

  it('links the Terms of Service and the Privacy Policy beside the pay button', async () => {
    renderCheckout();
    const payment = await screen.findByRole('region', { name: 'Payment details' });
    await within(payment).findByRole('button', { name: 'Subscribe' });
    expect(within(payment).getByText(/By subscribing you agree to our/)).toBeInTheDocument();
    expect(within(payment).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(payment).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it("says what is due today and then monthly, in the server's figures", async () => {
    renderCheckout();
    expect(await screen.findByTestId('due-today')).toHaveTextContent(
      'Due today: $15.23, then $31.49 a month including VAT',
    );
    expect(screen.getByText(/covers the days until 15 Dec/)).toBeInTheDocument();
    expect(screen.getByText('Total a month').nextSibling).toHaveTextContent('$31.49');
  });

  it('tells a member of another plan what changing costs, and changes plan on one press instead of subscribing', async () => {
    const changes: unknown[] = [];
    server.use(
      http.get('/api/subscription/change-preview', ({ request }) =>
        HttpResponse.json({
          packageId: new URL(request.url).searchParams.get('packageId'),
          packageName: 'Gold',
          price: 29.99,
          prorationInCents: 525,
          prorationDate: 1_900_000_000,
          prorationToken: 'signed-by-the-server',
          currentPeriodEnd: '2099-01-15T00:00:00.000Z',
        }),
      ),
      http.post('/api/subscription/change', async ({ request }) => {
        changes.push(await request.json());
        return HttpResponse.json({ badge: 'Gold', membership: null });
      }),
    );
    const silver = {
      packageId: 'silver',
      packageName: 'Silver',
      status: 'active' as const,
      currentPeriodEnd: '2099-01-15T00:00:00.000Z',
      cancelAtPeriodEnd: false,
      subscriptionId: 'sub_silver',
    };
    const session = sessionFor({ ...studentProfile, badge: 'Silver', membership: silver });
    renderRoutes({
      routes: [{ path: '/checkout/:packageId', Component: CheckoutPage }],
      path: '/checkout/gold',
      session,
    });
    const panel = await screen.findByTestId('plan-change');
    expect(panel).toHaveTextContent('You are a Silver member. Changing to Gold replaces your Silver plan');
    expect(await within(panel).findByTestId('plan-change-wording')).toHaveTextContent(
      'You pay $5.25 now (VAT included) for the rest of this period, then $29.99 a month plus VAT from Jan 15, 2099.',
    );
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    // A new subscription's first payment is not what a plan change costs: it is not shown.
    expect(screen.queryByTestId('due-today')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Change to Gold' }));
    await expectDialog('Plan changed', 'You are now a Gold member.');
    expect(changes).toEqual([
      { packageId: 'gold', prorationDate: 1_900_000_000, prorationToken: 'signed-by-the-server' },
    ]);
    expect(calls).toEqual([]);
    // The new plan is read back: badge, membership and the "already purchased" answer.
    expect(session.refreshProfile).toHaveBeenCalled();
  });

  it('says payments are not configured, still showing the plan and total', async () => {
    stripeMode.current = 'not-configured';
    renderCheckout();
    expect(await screen.findByText(/Payments are not configured/)).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('$31.49');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
  });

  it('says so clearly when Stripe.js cannot load', async () => {
    stripeMode.current = 'unavailable';
    renderCheckout();
    expect(await screen.findByText(/Stripe\.js\) could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
  });

  it('sends a visitor to sign in instead of paying', async () => {
    const handlers = renderCheckout({ account: null });
    const user = await typeCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(handlers.onSignInRequired).toHaveBeenCalledOnce();
    expect(calls).toEqual([]);
  });

  it('refuses a package the user already holds, without charging', async () => {
    holds = 'gold';
    renderCheckout();
    expect(await screen.findByText('You already purchased this package')).toBeInTheDocument();
    const user = await typeCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await expectDialog('You already purchased this package');
    expect(calls).toEqual([]);
  });

  it('shows an incomplete card number under its field with the provider message', async () => {
    renderCheckout();
    const user = await typeCard('4242');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Your card number is incomplete.')).toHaveAttribute('id', 'card-number-error');
    expect(calls).toEqual([]);
  });

  it('subscribes to the package (priced by the server), pays its first invoice with the card and has it recorded', async () => {
    const handlers = renderCheckout();
    const user = await typeCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await expectDialog('Payment successful', 'You successfully purchased Gold package');
    expect(calls.map((call) => call.path)).toEqual(['subscriptions', 'confirm', 'subscriptions/sub_123/sync']);
    expect(calls[0]?.body).toEqual({ packageId: 'gold' });
    expect(calls[1]?.body).toMatchObject({ client_secret: 'pi_123_secret_abc', payment_method: 'pm_card_visa' });
    await waitFor(() => expect(handlers.onPaid).toHaveBeenCalledOnce());
  });

  it('shows a declined card under the card number and records nothing', async () => {
    paymentIntentStatus = 'requires_payment_method';
    renderCheckout();
    const user = await typeCard('4000000000000002');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Your card was declined.')).toHaveAttribute('id', 'card-number-error');
    expect(calls.map((call) => call.path)).toEqual(['subscriptions', 'confirm']);
    expect(document.querySelector('.swal2-icon-success')).toBeNull();
  });

  it('asks an account whose email is not verified to verify it, sends the link, and shows the card form once verified', async () => {
    const unverified = { ...account, emailVerified: false };
    const checkout = renderCheckout({ account: unverified });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
    expect(screen.getByText('sam@hostelhub.test')).toBeInTheDocument();
    // No card form, and nothing can be paid meanwhile.
    expect(screen.queryByPlaceholderText('1234 1234 1234 1234')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
    // Looked once on arrival, in case the link was followed elsewhere.
    await waitFor(() => expect(checkout.emailVerification.check).toHaveBeenCalledOnce());

    await user.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect(checkout.emailVerification.send).toHaveBeenCalledOnce();
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a link to sam@hostelhub.test');

    // Not followed yet: says so.
    await user.click(screen.getByRole('button', { name: 'I have verified my email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your email is not verified yet');
    expect(checkout.emailVerification.check).toHaveBeenCalledTimes(2);

    // Followed: the session now says verified, and the card form is there.
    checkout.rerender({ account: { ...unverified, emailVerified: true } });
    expect(await screen.findByPlaceholderText('1234 1234 1234 1234')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Verify your email' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('after subscribing, leads back to the meal that brought the student to the plans', async () => {
    renderRoutes({
      routes: [{ path: '/checkout/:packageId', Component: CheckoutPage }],
      path: '/checkout/gold',
      state: { wanted: { path: '/meal/meal-01', title: 'Fluffy Pancake Stack' } },
      session: fakeSession({ signedIn: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Gold membership' })).toBeInTheDocument();
    expect(screen.queryByTestId('back-to-wanted-meal')).not.toBeInTheDocument();
    const user = await typeCard('4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await expectDialog('Payment successful', 'You successfully purchased Gold package');
    await dismissDialog(user);
    const back = await screen.findByRole('link', { name: 'Back to Fluffy Pancake Stack' });
    expect(back).toHaveAttribute('href', '/meal/meal-01');
  });
});
