import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/mealsByCategory; an empty category means all meals. */
export const mealsByCategoryQueryOptions = (category: string) =>
  queryOptions({
    queryKey: queryKeys.meals.byCategory(category),
    queryFn: ({ signal }) => fetchEndpoint(routes.mealsByCategory, { query: { category }, auth: false, signal }),
  });

export const useMealsByCategory = (category: string) => useQuery(mealsByCategoryQueryOptions(category));
