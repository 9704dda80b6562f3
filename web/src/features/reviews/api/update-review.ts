import { invalidateKeys, useRefreshingMutation } from '@/lib/refreshing-mutation';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { invalidateMeal, queryKeys } from '@/lib/query-keys';
import type { ReviewFields } from '@hostelhub/contracts';

/** The edit form always sends both fields (EditReviewBody allows either), with the meal it is for. */
export type ReviewChange = ReviewFields & { mealId: string };

export const updateReview = async ({ mealId, comment, rating }: ReviewChange) =>
  fetchEndpoint(routes.editReview, { params: { mealId }, body: { comment, rating } });

export const useUpdateReview = () =>
  useRefreshingMutation(updateReview, (queryClient, { mealId }) =>
    Promise.all([invalidateKeys(queryClient, queryKeys.myReviews), invalidateMeal(queryClient, mealId)]),
  );
