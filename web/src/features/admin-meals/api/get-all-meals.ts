import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, firstCursor, nextCursorOf } from '@/lib/paged-list';
import type { MealSort } from '@hostelhub/contracts';

export const getAllMeals = (sort: MealSort, cursor: string | null) =>
  fetchEndpoint(endpoints.allMeals, { query: { sort, limit: dashboardPageSize, cursor } });

export const allMealsQueryOptions = (sort: MealSort) =>
  infiniteQueryOptions({
    queryKey: queryKeys.allMeals.sorted(sort),
    queryFn: ({ pageParam }) => getAllMeals(sort, pageParam),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
  });

export const useAllMeals = (sort: MealSort) => useInfiniteQuery(allMealsQueryOptions(sort));
