import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateRequests } from '@/lib/query-keys';
import type { MealRequested } from '@hostelhub/contracts';

/** POST /api/meal-request: 201 when created, 208 with a message when already pending. The requester is the token's. */
export function useRequestMeal(mealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<MealRequested>('/meal-request', { method: 'POST', body: { mealId } }),
    // The new row belongs at the top of My Requested Meals and of Serve Meals.
    onSuccess: () => invalidateRequests(queryClient),
  });
}
