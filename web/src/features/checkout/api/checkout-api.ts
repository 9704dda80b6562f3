import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { MembershipPackage } from '@hostelhub/contracts';

export type CheckoutPackage = MembershipPackage;
export type Purchase = { packageName: string | null; packageId: string | null };
export type PaymentIntentTicket = { clientSecret: string; paymentIntentId: string; amountInCents: number };
export type RecordPaymentBody = {
  transactionId: string;
  packageName: string;
  email?: string;
  amount: number;
  paymentMethod: string[];
};

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
    queryFn: ({ signal }) => apiGet<Purchase>('/already_purchased', { signal }),
    enabled: Boolean(uid),
  });

/** The server prices the package; the amount we send only has to agree with it. */
export const createPaymentIntent = async (packageId: string, amountInCents: number) =>
  (
    await apiRequest<PaymentIntentTicket>('/create-payment-intent', {
      method: 'POST',
      body: { packageId, amountInCents },
    })
  ).data;

/** Asks the API to record the confirmed PaymentIntent; it reads the facts from Stripe itself. */
export const recordPayment = async (body: RecordPaymentBody) =>
  (await apiRequest<{ modifiedCount?: number; upsertedId?: string | null }>('/payments', { method: 'PUT', body })).data;
