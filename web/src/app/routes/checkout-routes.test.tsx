import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '@hostelhub/contracts';
import { fakeSession, locationProbe, renderRoutes, studentProfile } from '@/testing/render';
import { server, onEndpoint } from '@/testing/server';
import { checkoutRoutes } from './checkout-routes';

// Payments are off in this build of the page, so Stripe.js is never requested here.
vi.mock('../../features/checkout/lib/stripe', () => ({
  paymentsConfigured: () => false,
  isTestMode: () => false,
  loadStripeForCheckout: () => Promise.reject(new Error('not used')),
}));

describe('/checkout/:packageId', () => {
  it('sends a visitor to /login, remembering the checkout', async () => {
    const { router } = renderRoutes({
      routes: checkoutRoutes,
      path: '/checkout/gold',
      session: fakeSession(),
      extraRoutes: [locationProbe('/login')],
    });
    expect(await screen.findByTestId('location-probe')).toHaveTextContent('/login');
    expect(router.state.location.state).toEqual({ from: '/checkout/gold' });
  });

  it('fills the contact fields from the signed-in account', async () => {
    server.use(
      http.get('/api/package/gold', () =>
        HttpResponse.json({
          _id: 'gold',
          name: 'Gold',
          price: 29.99,
          services: ['Priority serving'],
          firstPayment: { dueTodayInCents: 1523, monthlyInCents: 3149, renewsAt: '2026-12-15T10:00:00.000Z' },
        }),
      ),
      onEndpoint(endpoints.alreadyPurchased, () => HttpResponse.json({ packageId: null, packageName: null })),
    );
    renderRoutes({ routes: checkoutRoutes, path: '/checkout/gold', session: fakeSession({ signedIn: true }) });
    expect(await screen.findByRole('heading', { name: 'Gold membership' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(studentProfile.name);
    expect(screen.getByLabelText('Email')).toHaveValue(studentProfile.email);
    expect(screen.getByText(/Payments are not configured/)).toBeInTheDocument();
  });
});
