import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, pagedListOptions } from '@/lib/paged-list';

export const getMyReviews = (cursor: string | null) =>
  fetchEndpoint(routes.myReviews, { query: { limit: dashboardPageSize, cursor } });

export const myReviewsQueryOptions = () => pagedListOptions(queryKeys.myReviews, getMyReviews);

export const useMyReviews = () => useInfiniteQuery(myReviewsQueryOptions());
