import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { dashboardPageSize, firstCursor, nextCursorOf } from '../lib/paged-list';
import type { MyReview, Page } from '@hostelhub/contracts';
import { dashboardKeys } from './query-keys';

/** GET /reviews (the caller's own). */
export const getMyReviews = (cursor: string | null) =>
  apiGet<Page<MyReview>>('/reviews', { query: { limit: dashboardPageSize, cursor } });

export const myReviewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.myReviews(),
    queryFn: ({ pageParam }) => getMyReviews(pageParam),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
  });

export const useMyReviews = () => useInfiniteQuery(myReviewsQueryOptions());
