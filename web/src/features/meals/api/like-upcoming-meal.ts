import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { withUpcomingMeal } from '@/lib/upcoming-meals-query';

/** POST /api/like-upcoming (Silver, Gold and Platinum members only; 402 otherwise). */
export function useLikeUpcomingMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (like: { mealId: string }) => fetchEndpoint(routes.likeUpcoming, { body: { mealId: like.mealId } }),
    onSuccess: (result, like) =>
      queryClient.setQueryData(queryKeys.upcomingMeals, (data: Parameters<typeof withUpcomingMeal>[0]) =>
        withUpcomingMeal(data, like.mealId, (meal) => ({ ...meal, likes: result.likes, liked: true })),
      ),
  });
}
