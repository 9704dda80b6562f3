import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateRequests } from '@/lib/query-keys';

/** POST /api/meal-request: 201 when created, 208 with a message when already pending. */
export function useRequestMeal(mealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userEmail: string | null) =>
      apiRequest<{ insertedId?: string; message?: string }>('/meal-request', {
        method: 'POST',
        body: { mealId, userEmail: userEmail ?? undefined, status: 'pending' },
      }),
    // The new row belongs at the top of My Requested Meals and of Serve Meals.
    onSuccess: () => invalidateRequests(queryClient),
  });
}
