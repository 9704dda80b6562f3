import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { PublicMeal } from '@hostelhub/contracts';

/** GET /api/mealsByCategory; an empty category means all meals. */
export const mealsByCategoryQuery = (category: string) =>
  queryOptions({
    queryKey: ['meals', 'by-category', category],
    queryFn: ({ signal }) => apiGet<PublicMeal[]>('/mealsByCategory', { query: { category }, auth: false, signal }),
  });

export const useMealsByCategory = (category: string) => useQuery(mealsByCategoryQuery(category));
