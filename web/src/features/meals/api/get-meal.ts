import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/meal/{id}; with a token the answer says whether the caller liked it. */
export const mealQueryOptions = (mealId: string) =>
  queryOptions({
    queryKey: queryKeys.meal(mealId),
    queryFn: ({ signal }) => fetchEndpoint(routes.meal, { params: { id: mealId }, signal }),
  });

export const useMeal = (mealId: string) => useQuery(mealQueryOptions(mealId));
