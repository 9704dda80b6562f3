import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys, publicKeys } from './query-keys';

/** POST /upcoming-meals/{id}/publish: moves the entry into the meals in one transaction. */
export const publishUpcomingMeal = async (id: string) =>
  (
    await apiRequest<{ insertedId: string }>(`/upcoming-meals/${encodeURIComponent(id)}/publish`, {
      method: 'POST',
    })
  ).data;

export function usePublishUpcomingMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishUpcomingMeal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.upcomingMeals() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.allMealsAll() }),
        queryClient.invalidateQueries({ queryKey: publicKeys.upcomingMeals }),
        queryClient.invalidateQueries({ queryKey: publicKeys.meals }),
      ]),
  });
}
