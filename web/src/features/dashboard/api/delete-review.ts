import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateMeal } from './invalidate-meal';
import { dashboardKeys } from './query-keys';

/** DELETE /review/{mealId}: the author removes their review; the meal's rating follows. */
export const deleteReview = async (mealId: string) =>
  (await apiRequest<{ deletedCount: number }>(`/review/${encodeURIComponent(mealId)}`, { method: 'DELETE' })).data;

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: (_result, mealId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.myReviews() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.myRequests() }),
        invalidateMeal(queryClient, mealId),
      ]),
  });
}
