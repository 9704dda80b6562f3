import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateMeal, queryKeys } from '@/lib/query-keys';
import type { Deleted } from '@hostelhub/contracts';

/** The meal's rating follows. */
export const deleteReview = async (mealId: string) =>
  (await apiRequest<Deleted>(`/review/${encodeURIComponent(mealId)}`, { method: 'DELETE' })).data;

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: (_result, mealId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.myReviews }),
        queryClient.invalidateQueries({ queryKey: queryKeys.requests.mine }),
        invalidateMeal(queryClient, mealId),
      ]),
  });
}
