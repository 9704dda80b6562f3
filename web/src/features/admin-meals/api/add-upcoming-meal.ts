import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import type { MealInput } from '@hostelhub/contracts';

export const addUpcomingMeal = async (meal: MealInput) => fetchEndpoint(endpoints.addUpcomingMeal, { body: meal });

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
