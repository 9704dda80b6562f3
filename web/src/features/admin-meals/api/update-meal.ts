import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { invalidateMeal } from '@/lib/query-keys';
import type { MealInput } from '@hostelhub/contracts';

export const updateMeal = async ({ id, meal }: { id: string; meal: MealInput }) =>
  fetchEndpoint(routes.updateMeal, { params: { id }, body: meal });

export const useUpdateMeal = () =>
  useRefreshingMutation(updateMeal, (queryClient, { id }) => invalidateMeal(queryClient, id));
