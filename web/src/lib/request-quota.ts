import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@hostelhub/contracts';
import { fetchEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/meal-request/quota: the caller's requests this week (My Profile and the meal page). */
export const requestQuotaQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.requests.quota,
    queryFn: ({ signal }) => fetchEndpoint(routes.requestQuota, { signal }),
  });

export const useRequestQuota = (enabled: boolean) => useQuery({ ...requestQuotaQueryOptions(), enabled });
