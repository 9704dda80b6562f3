import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, firstCursor, nextCursorOf } from '@/lib/paged-list';

export const getMyReviews = (cursor: string | null) =>
  fetchEndpoint(endpoints.myReviews, { query: { limit: dashboardPageSize, cursor } });

export const myReviewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.myReviews,
    queryFn: ({ pageParam }) => getMyReviews(pageParam),
    initialPageParam: firstCursor,
    getNextPageParam: nextCursorOf,
  });

export const useMyReviews = () => useInfiniteQuery(myReviewsQueryOptions());
