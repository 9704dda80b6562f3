import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, pagedListOptions } from '@/lib/paged-list';
import type { MealCategory, MealSort } from '@hostelhub/contracts';

/** All Meals' choices: the order, a title search ('' for none) and a category ('' for all). */
export type AllMealsFilters = { sort: MealSort; search: string; category: MealCategory | '' };

export const getAllMeals = ({ sort, search, category }: AllMealsFilters, cursor: string | null) =>
  fetchEndpoint(routes.allMeals, {
    query: { sort, search: search || undefined, category: category || undefined, limit: dashboardPageSize, cursor },
  });

export const allMealsQueryOptions = (filters: AllMealsFilters) =>
  infiniteQueryOptions({
    ...pagedListOptions(queryKeys.allMeals.list(filters), (cursor) => getAllMeals(filters, cursor)),
    // The rows stay while a new search is read, so the table does not flash empty.
    placeholderData: keepPreviousData,
  });

export const useAllMeals = (filters: AllMealsFilters) => useInfiniteQuery(allMealsQueryOptions(filters));
