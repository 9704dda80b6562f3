import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/meal-request: 201 when created, 208 with a message when already pending. */
export function useRequestMeal(mealId: string) {
  return useMutation({
    mutationFn: (userEmail: string | null) =>
      apiRequest<{ insertedId?: string; message?: string }>('/meal-request', {
        method: 'POST',
        body: { mealId, userEmail: userEmail ?? undefined, status: 'pending' },
      }),
  });
}
