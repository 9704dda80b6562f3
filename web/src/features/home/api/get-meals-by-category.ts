import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { PublicMeal } from '@hostelhub/contracts';

/** GET /api/mealsByCategory; an empty category means all meals. */
export const mealsByCategoryQuery = (category: string) =>
  queryOptions({
    queryKey: queryKeys.meals.byCategory(category),
    queryFn: ({ signal }) => apiGet<PublicMeal[]>('/mealsByCategory', { query: { category }, auth: false, signal }),
  });

export const useMealsByCategory = (category: string) => useQuery(mealsByCategoryQuery(category));
