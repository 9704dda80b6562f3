import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, pagedByCursor, pagedListOptions } from '@/lib/paged-list';

/**
 * For the admin: without a search, the queue (pending requests, priority members' first,
 * then the oldest first), or only one serving's part of it; with a search, every request of
 * the matching users, newest first.
 */
export const getServedRequests = (search: string, servingId: string | null, cursor: string | null) =>
  fetchEndpoint(routes.requestedMeals, {
    query: search
      ? { role: 'admin', search, limit: dashboardPageSize, cursor }
      : { role: 'admin', queue: 'pending', servingId: servingId ?? undefined, limit: dashboardPageSize, cursor },
  });

export const servedRequestsQueryOptions = (search: string, servingId: string | null = null) =>
  infiniteQueryOptions({
    queryKey:
      servingId && !search ? queryKeys.requests.served.ofServing(servingId) : queryKeys.requests.served.search(search),
    ...pagedByCursor((cursor) => getServedRequests(search, servingId, cursor)),
    placeholderData: keepPreviousData,
  });

export const useServedRequests = (search: string, servingId: string | null = null) =>
  useInfiniteQuery(servedRequestsQueryOptions(search, servingId));

/** For the admin, below the queue: the requests that left it (served or cancelled), newest first. */
export const requestHistoryQueryOptions = () =>
  pagedListOptions(queryKeys.requests.served.history, (cursor) =>
    fetchEndpoint(routes.requestedMeals, {
      query: { role: 'admin', queue: 'history', limit: dashboardPageSize, cursor },
    }),
  );

export const useRequestHistory = (enabled: boolean) => useInfiniteQuery({ ...requestHistoryQueryOptions(), enabled });
