import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import type { MealDetail } from '@hostelhub/contracts';
import { queryKeys, refreshKey } from '@/lib/query-keys';

/** POST /api/like. The server knows who is liking from the token: the body names only the meal. */
export function useLikeMeal(mealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => fetchEndpoint(routes.like, { body: { mealId } }),
    onSuccess: (result) => {
      queryClient.setQueryData<MealDetail>(queryKeys.meal(mealId), (meal) =>
        meal ? { ...meal, likes: result.likes, liked: true } : meal,
      );
      void refreshKey(queryClient, queryKeys.meals.all);
    },
  });
}
