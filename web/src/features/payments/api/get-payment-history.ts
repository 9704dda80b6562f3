import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, firstCursor, nextCursorOf } from '@/lib/paged-list';
import type { Page, PaymentRecord } from '@hostelhub/contracts';

export const getPaymentHistory = (cursor: string | null) =>
  apiGet<Page<PaymentRecord>>('/payment-history', { query: { limit: dashboardPageSize, cursor } });

export const paymentHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.paymentHistory,
    queryFn: ({ pageParam }) => getPaymentHistory(pageParam),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
  });

export const usePaymentHistory = () => useInfiniteQuery(paymentHistoryQueryOptions());
