import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CheckoutPackage, MembershipChanged, PurchasedPackage, SubscriptionCreated } from '@hostelhub/contracts';

export type { CheckoutPackage };
/** The package with what subscribing to it now costs (`firstPayment`), as the server works it out. */
export const packageQueryOptions = (packageId: string) =>
  queryOptions({
    queryKey: queryKeys.packages.detail(packageId),
    queryFn: ({ signal }) =>
      apiGet<CheckoutPackage>(`/package/${encodeURIComponent(packageId)}`, { auth: false, signal }),
  });

/** The caller's current membership (GET /already_purchased). Keyed per user. */
export const purchaseQueryOptions = (uid: string | null) =>
  queryOptions({
    queryKey: queryKeys.purchase(uid),
    queryFn: ({ signal }) => apiGet<PurchasedPackage>('/already_purchased', { signal }),
    enabled: Boolean(uid),
  });

/**
 * Subscribes to the package: the server prices it and creates the subscription, whose first
 * invoice the page pays by confirming `clientSecret` with Stripe.js.
 */
export const createSubscription = async (packageId: string) =>
  (await apiRequest<SubscriptionCreated>('/subscriptions', { method: 'POST', body: { packageId } })).data;

/** After paying: the API reads the subscription and its invoice back from Stripe and records them. */
export const syncSubscription = async (subscriptionId: string) =>
  (
    await apiRequest<MembershipChanged>(`/subscriptions/${encodeURIComponent(subscriptionId)}/sync`, {
      method: 'POST',
    })
  ).data;
