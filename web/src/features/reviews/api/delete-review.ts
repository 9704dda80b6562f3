import { invalidateKeys, useRefreshingMutation } from '@/lib/refreshing-mutation';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { invalidateMeal, queryKeys } from '@/lib/query-keys';

/** The meal's rating follows. */
export const deleteReview = async (mealId: string) => fetchEndpoint(routes.deleteReview, { params: { mealId } });

export const useDeleteReview = () =>
  useRefreshingMutation(deleteReview, (queryClient, mealId) =>
    Promise.all([
      invalidateKeys(queryClient, queryKeys.myReviews, queryKeys.requests.mine),
      invalidateMeal(queryClient, mealId),
    ]),
  );
