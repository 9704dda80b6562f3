import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import type { MealInput } from '@hostelhub/contracts';

export const addMeal = async (meal: MealInput) => fetchEndpoint(endpoints.addMeal, { body: meal });

export function useAddMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMeal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.allMeals.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.meals.all }),
      ]),
  });
}
