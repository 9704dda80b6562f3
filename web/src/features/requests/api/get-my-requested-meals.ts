import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { useSession } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';
import { dashboardPageSize, pagedByCursor } from '@/lib/paged-list';

/**
 * The caller's own requests, every status, newest first. The email is always sent: without
 * it the API gives an admin everyone's requests, and this page is "my" requests for admins too.
 */
export const getMyRequestedMeals = (email: string, cursor: string | null) =>
  fetchEndpoint(routes.requestedMeals, { query: { email, limit: dashboardPageSize, cursor } });

export const myRequestedMealsQueryOptions = (email: string | null) =>
  infiniteQueryOptions({
    queryKey: queryKeys.requests.mine,
    ...pagedByCursor((cursor) => getMyRequestedMeals(email ?? '', cursor)),
    enabled: Boolean(email),
  });

export const useMyRequestedMeals = () => {
  const { user } = useSession();
  return useInfiniteQuery(myRequestedMealsQueryOptions(user?.email ?? null));
};
