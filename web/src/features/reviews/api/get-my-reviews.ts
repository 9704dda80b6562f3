import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, firstCursor, nextCursorOf } from '@/lib/paged-list';
import type { MyReview, Page } from '@hostelhub/contracts';

export const getMyReviews = (cursor: string | null) =>
  apiGet<Page<MyReview>>('/reviews', { query: { limit: dashboardPageSize, cursor } });

export const myReviewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.myReviews,
    queryFn: ({ pageParam }) => getMyReviews(pageParam),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
  });

export const useMyReviews = () => useInfiniteQuery(myReviewsQueryOptions());
