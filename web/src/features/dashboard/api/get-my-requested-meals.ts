import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardPageSize, firstCursor, nextCursorOf } from '../lib/paged-list';
import type { Page, RequestedMeal } from '@hostelhub/contracts';
import { dashboardKeys } from './query-keys';

/** GET /requested-meals (the caller's own; the email defaults to the caller). */
export const getMyRequestedMeals = (cursor: string | null) =>
  apiGet<Page<RequestedMeal>>('/requested-meals', { query: { limit: dashboardPageSize, cursor } });

export const myRequestedMealsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.myRequests(),
    queryFn: ({ pageParam }) => getMyRequestedMeals(pageParam),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
  });

export const useMyRequestedMeals = () => useInfiniteQuery(myRequestedMealsQueryOptions());
