import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MealInput } from '@hostelhub/contracts';
import { dashboardKeys, publicKeys } from './query-keys';

/** POST /add-meal (admin). */
export const addMeal = async (meal: MealInput) =>
  (await apiRequest<{ insertedId: string }>('/add-meal', { method: 'POST', body: meal })).data;

export function useAddMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMeal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.allMealsAll() }),
        queryClient.invalidateQueries({ queryKey: publicKeys.meals }),
      ]),
  });
}
