import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryKeys } from './query-keys';
import type { RequestQuota } from '@hostelhub/contracts';

/** GET /api/meal-request/quota: the caller's requests this week (My Profile and the meal page). */
export const requestQuotaQuery = () =>
  queryOptions({
    queryKey: queryKeys.requests.quota,
    queryFn: ({ signal }) => apiGet<RequestQuota>('/meal-request/quota', { signal }),
  });

export const useRequestQuota = (enabled: boolean) => useQuery({ ...requestQuotaQuery(), enabled });
