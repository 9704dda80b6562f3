import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { nextCursorOf } from '@/lib/paged-list';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/meal/{id}/reviews: the reviews after the first page, which GET /meal/{id} carried
 * with `reviewsNextCursor`. Kept under the meal's key, so whatever refreshes the meal
 * (invalidateMeal) refreshes these too.
 */
export const mealReviewsQueryOptions = (mealId: string, after: string) =>
  infiniteQueryOptions({
    queryKey: [...queryKeys.meal(mealId), 'reviews', after] as const,
    queryFn: ({ pageParam, signal }) =>
      fetchEndpoint(routes.mealReviews, {
        params: { id: mealId },
        query: { cursor: pageParam },
        signal,
      }),
    initialPageParam: after,
    getNextPageParam: nextCursorOf,
  });

/** The later pages, fetched only once `wanted` (the reader asked for more reviews). */
export const useMoreMealReviews = (mealId: string, after: string | null, wanted: boolean) =>
  useInfiniteQuery({ ...mealReviewsQueryOptions(mealId, after ?? ''), enabled: wanted && after !== null });
