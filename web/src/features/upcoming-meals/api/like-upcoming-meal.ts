import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { LikeResponse } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { withUpcomingMeal } from '@/lib/upcoming-meals-query';

/** POST /api/like-upcoming (Silver, Gold and Platinum members only; 402 otherwise). */
export function useLikeUpcomingMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (like: { mealId: string }) =>
      (await apiRequest<LikeResponse>('/like-upcoming', { method: 'POST', body: { mealId: like.mealId } })).data,
    onSuccess: (result, like) =>
      queryClient.setQueryData(queryKeys.upcomingMeals, (data: Parameters<typeof withUpcomingMeal>[0]) =>
        withUpcomingMeal(data, like.mealId, (meal) => ({ ...meal, likes: result.likes, liked: true })),
      ),
  });
}
