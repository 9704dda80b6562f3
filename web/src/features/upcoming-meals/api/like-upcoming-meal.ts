import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { LikeResponse, UpcomingMeal } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/like-upcoming (Silver, Gold and Platinum members only; 402 otherwise). */
export function useLikeUpcomingMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (like: { mealId: string; email: string | null; badge: string }) =>
      (
        await apiRequest<LikeResponse>('/like-upcoming', {
          method: 'POST',
          body: { mealId: like.mealId, email: like.email ?? undefined, badge: like.badge },
        })
      ).data,
    onSuccess: (result, like) =>
      queryClient.setQueryData<UpcomingMeal[]>(queryKeys.upcomingMeals, (meals) =>
        meals?.map((meal) => (meal._id === like.mealId ? { ...meal, likes: result.likes, liked: true } : meal)),
      ),
  });
}
