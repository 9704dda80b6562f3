import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, firstCursor, nextCursorOf } from '@/lib/paged-list';
import type { Page, RequestedMeal } from '@hostelhub/contracts';

/** The email defaults to the caller's. */
export const getMyRequestedMeals = (cursor: string | null) =>
  apiGet<Page<RequestedMeal>>('/requested-meals', { query: { limit: dashboardPageSize, cursor } });

export const myRequestedMealsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.requests.mine,
    queryFn: ({ pageParam }) => getMyRequestedMeals(pageParam),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
  });

export const useMyRequestedMeals = () => useInfiniteQuery(myRequestedMealsQueryOptions());
