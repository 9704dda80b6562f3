import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { MembershipPackage } from '@hostelhub/contracts';

/** GET /api/packages, cheapest first. */
export const packagesQuery = () =>
  queryOptions({
    queryKey: ['packages'],
    queryFn: ({ signal }) => apiGet<MembershipPackage[]>('/packages', { auth: false, signal }),
    staleTime: 5 * 60_000,
  });

export const usePackages = () => useQuery(packagesQuery());
