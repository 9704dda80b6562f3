import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { invalidateMeal, invalidateRequests, queryKeys, refreshKey } from '@/lib/query-keys';
import type { ReviewFields } from '@hostelhub/contracts';

/**
 * POST /api/add-review?mealId=. Afterwards every list the review shows in reloads: the meal
 * (its count and rating) and the meal lists, My Reviews, and the requests rows (their review
 * counts).
 */
export function useAddReview(mealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The author's name and picture come from their stored profile, never from this body.
    mutationFn: (review: ReviewFields) =>
      callEndpoint(routes.addReview, {
        query: { mealId },
        body: { comment: review.comment, rating: review.rating },
      }),
    // Not awaited: the review is saved once the call answers, and the author hears so then,
    // not after every list has been read again (on a slow connection that took seconds).
    onSuccess: () => {
      void Promise.all([
        invalidateMeal(queryClient, mealId),
        refreshKey(queryClient, queryKeys.myReviews),
        invalidateRequests(queryClient),
      ]);
    },
  });
}
