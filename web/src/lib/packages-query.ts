import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@hostelhub/contracts';
import { fetchEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/packages, cheapest first: the home page's plans and My Profile's Change plan. */
export const packagesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.packages.list,
    queryFn: ({ signal }) => fetchEndpoint(routes.packages, { auth: false, signal }),
    staleTime: 5 * 60_000,
  });

export const usePackages = () => useQuery(packagesQueryOptions());
