import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { MealDetail } from '@hostelhub/contracts';

/** GET /api/meal/{id}; with a token the answer says whether the caller liked it. */
export const mealQuery = (mealId: string) =>
  queryOptions({
    queryKey: queryKeys.meal(mealId),
    queryFn: ({ signal }) => apiGet<MealDetail>(`/meal/${encodeURIComponent(mealId)}`, { signal }),
  });

export const useMeal = (mealId: string) => useQuery(mealQuery(mealId));
