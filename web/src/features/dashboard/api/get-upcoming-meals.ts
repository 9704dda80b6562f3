import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { UpcomingMeal } from '@hostelhub/contracts';
import { dashboardKeys } from './query-keys';

/** GET /upcoming-meals: a short list by nature (meals waiting to be published), not paged. */
export const getUpcomingMeals = () => apiGet<UpcomingMeal[]>('/upcoming-meals');

export const upcomingMealsQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.upcomingMeals(), queryFn: getUpcomingMeals });

export const useUpcomingMeals = () => useQuery(upcomingMealsQueryOptions());
