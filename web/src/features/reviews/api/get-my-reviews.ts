import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, pagedByCursor } from '@/lib/paged-list';

export const getMyReviews = (cursor: string | null) =>
  fetchEndpoint(routes.myReviews, { query: { limit: dashboardPageSize, cursor } });

export const myReviewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.myReviews,
    ...pagedByCursor((cursor) => getMyReviews(cursor)),
  });

export const useMyReviews = () => useInfiniteQuery(myReviewsQueryOptions());
