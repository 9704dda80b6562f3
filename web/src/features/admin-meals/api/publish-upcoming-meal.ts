import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Inserted } from '@hostelhub/contracts';

/** Moves the entry into the meals in one transaction. */
export const publishUpcomingMeal = async (id: string) =>
  (
    await apiRequest<Inserted>(`/upcoming-meals/${encodeURIComponent(id)}/publish`, {
      method: 'POST',
    })
  ).data;

export function usePublishUpcomingMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishUpcomingMeal,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.upcomingMeals }),
        queryClient.invalidateQueries({ queryKey: queryKeys.allMeals.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.upcomingMeals }),
        queryClient.invalidateQueries({ queryKey: queryKeys.meals.all }),
      ]),
  });
}
