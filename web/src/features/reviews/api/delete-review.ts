import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';
import { invalidateMeal, queryKeys } from '@/lib/query-keys';

/** The meal's rating follows. */
export const deleteReview = async (mealId: string) => fetchEndpoint(endpoints.deleteReview, { params: { mealId } });

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
