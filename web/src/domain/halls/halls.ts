// GET /halls (ADR 72): the hostel's dining halls, public and the same for everyone, which the
// menu, the planner and Admin Profile all show.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes, type Hall } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const hallsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.halls,
    queryFn: ({ signal }) => fetchEndpoint(routes.halls, { auth: false, signal }),
  });

export const useHalls = () => useQuery(hallsQueryOptions());

/** The halls with a member's own hall first (issue 52: a member sees their hall first). */
export const homeHallFirst = (halls: Hall[], homeHallId: string | null | undefined) =>
  [...halls].sort((a, b) => Number(b._id === homeHallId) - Number(a._id === homeHallId));
