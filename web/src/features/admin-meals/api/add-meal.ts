import { invalidateKeys, useRefreshingMutation } from '@/lib/refreshing-mutation';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import type { MealInput } from '@hostelhub/contracts';

export const addMeal = async (meal: MealInput) => fetchEndpoint(routes.addMeal, { body: meal });

export const useAddMeal = () =>
  useRefreshingMutation(addMeal, (queryClient) =>
    invalidateKeys(queryClient, queryKeys.allMeals.all, queryKeys.meals.all),
  );
