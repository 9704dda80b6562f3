import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client';
import { queryKeys } from './query-keys';
import type { MembershipPackage } from '@hostelhub/contracts';

/** GET /api/packages, cheapest first: the home page's plans and My Profile's Change plan. */
export const packagesQuery = () =>
  queryOptions({
    queryKey: queryKeys.packages.list,
    queryFn: ({ signal }) => apiGet<MembershipPackage[]>('/packages', { auth: false, signal }),
    staleTime: 5 * 60_000,
  });

export const usePackages = () => useQuery(packagesQuery());
