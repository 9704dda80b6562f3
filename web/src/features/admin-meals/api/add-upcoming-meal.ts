import { invalidateKeys, useRefreshingMutation } from '@/lib/refreshing-mutation';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import type { MealInput } from '@hostelhub/contracts';

export const addUpcomingMeal = async (meal: MealInput) => fetchEndpoint(routes.addUpcomingMeal, { body: meal });

export const useAddUpcomingMeal = () =>
  useRefreshingMutation(addUpcomingMeal, (queryClient) => invalidateKeys(queryClient, queryKeys.upcomingMeals));
