import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { UpcomingMeal } from '@hostelhub/contracts';

/** GET /api/upcoming-meals; with a token each meal says whether the caller liked it. */
export const upcomingMealsQuery = () =>
  queryOptions({
    queryKey: queryKeys.upcomingMeals,
    queryFn: ({ signal }) => apiGet<UpcomingMeal[]>('/upcoming-meals', { signal }),
  });

export const useUpcomingMeals = () => useQuery(upcomingMealsQuery());
