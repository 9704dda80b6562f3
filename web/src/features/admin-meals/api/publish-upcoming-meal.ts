import { invalidateKeys, useRefreshingMutation } from '@/lib/refreshing-mutation';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';

/** Moves the entry into the meals in one transaction. */
export const publishUpcomingMeal = async (id: string) => fetchEndpoint(routes.publishUpcomingMeal, { params: { id } });

export const usePublishUpcomingMeal = () =>
  useRefreshingMutation(publishUpcomingMeal, (queryClient) =>
    invalidateKeys(queryClient, queryKeys.upcomingMeals, queryKeys.allMeals.all, queryKeys.meals.all),
  );
