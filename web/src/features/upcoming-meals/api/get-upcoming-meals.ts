import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { UpcomingMeal } from '@hostelhub/contracts';

export const upcomingMealsQueryKey = ['upcoming-meals'] as const;

/** GET /api/upcoming-meals; with a token each meal says whether the caller liked it. */
export const upcomingMealsQuery = () =>
  queryOptions({
    queryKey: upcomingMealsQueryKey,
    queryFn: ({ signal }) => apiGet<UpcomingMeal[]>('/upcoming-meals', { signal }),
  });

export const useUpcomingMeals = () => useQuery(upcomingMealsQuery());
