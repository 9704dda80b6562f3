import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';

/** Moves the entry into the meals in one transaction. */
export const publishUpcomingMeal = async (id: string) =>
  fetchEndpoint(endpoints.publishUpcomingMeal, { params: { id } });

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
