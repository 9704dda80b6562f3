import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MealInput } from '@hostelhub/contracts';
import { dashboardKeys, publicKeys } from './query-keys';

/** POST /upcoming-meals (admin). */
export const addUpcomingMeal = async (meal: MealInput) =>
  (await apiRequest<{ insertedId: string }>('/upcoming-meals', { method: 'POST', body: meal })).data;

export function useAddUpcomingMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUpcomingMeal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.upcomingMeals() }),
        queryClient.invalidateQueries({ queryKey: publicKeys.upcomingMeals }),
      ]),
  });
}
