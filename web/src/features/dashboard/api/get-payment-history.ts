import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardPageSize, firstCursor, nextCursorOf } from '../lib/paged-list';
import type { Page, PaymentRecord } from '@hostelhub/contracts';
import { dashboardKeys } from './query-keys';

/** GET /payment-history (the caller's own). */
export const getPaymentHistory = (cursor: string | null) =>
  apiGet<Page<PaymentRecord>>('/payment-history', { query: { limit: dashboardPageSize, cursor } });

export const paymentHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.paymentHistory(),
    queryFn: ({ pageParam }) => getPaymentHistory(pageParam),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
  });

export const usePaymentHistory = () => useInfiniteQuery(paymentHistoryQueryOptions());
