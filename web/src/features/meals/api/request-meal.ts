import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { invalidateRequests } from '@/lib/query-keys';

/** POST /api/meal-request: 201 when created, 208 with a message when already pending. The requester is the token's. */
export function useRequestMeal(mealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(routes.requestMeal, { body: { mealId } }),
    // The new row belongs at the top of My Requested Meals and of Serve Meals.
    onSuccess: () => invalidateRequests(queryClient),
  });
}
