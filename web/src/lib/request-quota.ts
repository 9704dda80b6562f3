import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@hostelhub/contracts';
import { fetchEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/meal-request/quota: the caller's requests this week (My Profile and the meal page). */
export const requestQuotaQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.requests.quota,
    queryFn: ({ signal }) => fetchEndpoint(endpoints.requestQuota, { signal }),
  });

export const useRequestQuota = (enabled: boolean) => useQuery({ ...requestQuotaQueryOptions(), enabled });
