import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Inserted, MealInput } from '@hostelhub/contracts';

export const addUpcomingMeal = async (meal: MealInput) =>
  (await apiRequest<Inserted>('/upcoming-meals', { method: 'POST', body: meal })).data;

export function useAddUpcomingMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addUpcomingMeal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.upcomingMeals }),
        queryClient.invalidateQueries({ queryKey: queryKeys.upcomingMeals }),
      ]),
  });
}
