import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, firstCursor, nextCursorOf } from '@/lib/paged-list';
import type { Page, RequestedMeal } from '@hostelhub/contracts';

/** Every user's requests, for the admin. */
export const getServedRequests = (search: string, cursor: string | null) =>
  apiGet<Page<RequestedMeal>>('/requested-meals', {
    query: { role: 'admin', search, limit: dashboardPageSize, cursor },
  });

export const servedRequestsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.requests.served.search(search),
    queryFn: ({ pageParam }) => getServedRequests(search, pageParam),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
    placeholderData: keepPreviousData,
  });

export const useServedRequests = (search: string) => useInfiniteQuery(servedRequestsQueryOptions(search));
