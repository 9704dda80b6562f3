import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, pagedListOptions } from '@/lib/paged-list';

export const getPaymentHistory = (cursor: string | null) =>
  fetchEndpoint(routes.paymentHistory, { query: { limit: dashboardPageSize, cursor } });

export const paymentHistoryQueryOptions = () => pagedListOptions(queryKeys.paymentHistory, getPaymentHistory);

export const usePaymentHistory = () => useInfiniteQuery(paymentHistoryQueryOptions());
