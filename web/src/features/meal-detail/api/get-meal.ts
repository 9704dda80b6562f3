import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { MealDetail } from '@hostelhub/contracts';

export const mealQueryKey = (mealId: string) => ['meal', mealId] as const;

/** GET /api/meal/{id}; with a token the answer says whether the caller liked it. */
export const mealQuery = (mealId: string) =>
  queryOptions({
    queryKey: mealQueryKey(mealId),
    queryFn: ({ signal }) => apiGet<MealDetail>(`/meal/${encodeURIComponent(mealId)}`, { signal }),
  });

export const useMeal = (mealId: string) => useQuery(mealQuery(mealId));
