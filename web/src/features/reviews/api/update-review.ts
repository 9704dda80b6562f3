import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateMeal, queryKeys } from '@/lib/query-keys';
import type { Modified, ReviewFields } from '@hostelhub/contracts';

/** The edit form always sends both fields (EditReviewBody allows either), with the meal it is for. */
export type ReviewChange = ReviewFields & { mealId: string };

export const updateReview = async ({ mealId, comment, rating }: ReviewChange) =>
  (
    await apiRequest<Modified>(`/review/${encodeURIComponent(mealId)}`, {
      method: 'PATCH',
      body: { comment, rating },
    })
  ).data;

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReview,
    onSuccess: (_result, { mealId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.myReviews }),
        invalidateMeal(queryClient, mealId),
      ]),
  });
}
