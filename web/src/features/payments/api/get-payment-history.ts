import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, pagedByCursor } from '@/lib/paged-list';

export const getPaymentHistory = (cursor: string | null) =>
  fetchEndpoint(routes.paymentHistory, { query: { limit: dashboardPageSize, cursor } });

export const paymentHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.paymentHistory,
    ...pagedByCursor((cursor) => getPaymentHistory(cursor)),
  });

export const usePaymentHistory = () => useInfiniteQuery(paymentHistoryQueryOptions());
