// GET /halls (ADR 72): the hostel's dining halls, public and the same for everyone, which the
// menu, the planner and Admin Profile all show.
import { useQuery } from '@tanstack/react-query';
import { routes } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const useHalls = () =>
  useQuery({
    queryKey: queryKeys.halls,
    queryFn: ({ signal }) => fetchEndpoint(routes.halls, { auth: false, signal }),
  });
