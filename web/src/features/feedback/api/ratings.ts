// The member's ratings of the servings they were served at (GET /my-ratings/due, POST
// /servings/{id}/rating).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type RatingBody } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { invalidateKeys, useRefreshingMutation } from '@/lib/refreshing-mutation';

export const dueRatingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.feedback.dueRatings,
    queryFn: ({ signal }) => fetchEndpoint(routes.dueRatings, { signal }),
  });

export const useDueRatings = (enabled = true) => useQuery({ ...dueRatingsQueryOptions(), enabled });

export type RatingChange = RatingBody & { servingId: string };

export const rateServing = ({ servingId, ...body }: RatingChange) =>
  fetchEndpoint(routes.rateServing, { params: { id: servingId }, body });

export const useRateServing = () =>
  useRefreshingMutation(rateServing, (queryClient) => invalidateKeys(queryClient, queryKeys.feedback.dueRatings));
