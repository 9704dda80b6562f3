import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, firstCursor, nextCursorOf } from '@/lib/paged-list';

/**
 * For the admin: without a search, the queue (pending requests, priority members' first,
 * then the oldest first); with one, every request of the matching users, newest first.
 */
export const getServedRequests = (search: string, cursor: string | null) =>
  fetchEndpoint(endpoints.requestedMeals, {
    query: search
      ? { role: 'admin', search, limit: dashboardPageSize, cursor }
      : { role: 'admin', queue: 'pending', limit: dashboardPageSize, cursor },
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

/** For the admin, below the queue: the requests that left it (served or cancelled), newest first. */
export const requestHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.requests.served.history,
    queryFn: ({ pageParam }) =>
      fetchEndpoint(endpoints.requestedMeals, {
        query: { role: 'admin', queue: 'history', limit: dashboardPageSize, cursor: pageParam },
      }),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
  });

export const useRequestHistory = (enabled: boolean) => useInfiniteQuery({ ...requestHistoryQueryOptions(), enabled });
