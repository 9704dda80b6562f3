import { queryOptions } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import type { CheckoutPackage } from '@hostelhub/contracts';

export type { CheckoutPackage };
/** The package with what subscribing to it now costs (`firstPayment`), as the server works it out. */
export const packageQueryOptions = (packageId: string) =>
  queryOptions({
    queryKey: queryKeys.packages.detail(packageId),
    queryFn: ({ signal }) => fetchEndpoint(routes.package, { params: { id: packageId }, auth: false, signal }),
  });

/** The caller's current membership (GET /already_purchased). Keyed per user. */
export const purchaseQueryOptions = (uid: string | null) =>
  queryOptions({
    queryKey: queryKeys.purchase(uid),
    queryFn: ({ signal }) => fetchEndpoint(routes.alreadyPurchased, { signal }),
    enabled: Boolean(uid),
  });

/**
 * Subscribes to the package: the server prices it and creates the subscription, whose first
 * invoice the page pays by confirming `clientSecret` with Stripe.js.
 */
export const createSubscription = async (packageId: string) => fetchEndpoint(routes.subscribe, { body: { packageId } });

/** After paying: the API reads the subscription and its invoice back from Stripe and records them. */
export const syncSubscription = async (subscriptionId: string) =>
  fetchEndpoint(routes.syncSubscription, { params: { id: subscriptionId } });
