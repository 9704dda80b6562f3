import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';
import { invalidateMeal, queryKeys } from '@/lib/query-keys';
import type { ReviewFields } from '@hostelhub/contracts';

/** The edit form always sends both fields (EditReviewBody allows either), with the meal it is for. */
export type ReviewChange = ReviewFields & { mealId: string };

export const updateReview = async ({ mealId, comment, rating }: ReviewChange) =>
  fetchEndpoint(endpoints.editReview, { params: { mealId }, body: { comment, rating } });

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
