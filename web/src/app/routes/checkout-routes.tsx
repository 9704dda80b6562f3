import type { RouteObject } from 'react-router';
import { ProtectedRoute } from '@/components/protected-route';
import { lazyPage } from '../lazy-page';

/**
 * /checkout/:packageId, for signed-in users. The page is its own chunk and Stripe.js is
 * loaded from it on demand, so no other page downloads the payment SDKs.
 */
export const checkoutRoutes: RouteObject[] = [
  {
    path: 'checkout/:packageId',
    element: <ProtectedRoute />,
    children: [
      {
        index: true,
        Component: lazyPage(() =>
          import('../../features/checkout/pages/checkout').then((module) => module.CheckoutPage),
        ),
      },
    ],
  },
];
