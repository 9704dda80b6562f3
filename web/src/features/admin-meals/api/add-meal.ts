import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Inserted, MealInput } from '@hostelhub/contracts';

export const addMeal = async (meal: MealInput) =>
  (await apiRequest<Inserted>('/add-meal', { method: 'POST', body: meal })).data;

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
