import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { UpcomingMeal } from '@hostelhub/contracts';

/** A short list by nature (meals waiting to be published), so not paged. */
export const getUpcomingMeals = () => apiGet<UpcomingMeal[]>('/upcoming-meals');

export const upcomingMealsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.upcomingMeals, queryFn: getUpcomingMeals });

export const useUpcomingMeals = () => useQuery(upcomingMealsQueryOptions());
