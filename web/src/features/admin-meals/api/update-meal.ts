import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateMeal } from '@/lib/query-keys';
import type { MealInput, Modified } from '@hostelhub/contracts';

export const updateMeal = async ({ id, meal }: { id: string; meal: MealInput }) =>
  (await apiRequest<Modified>(`/meal/${encodeURIComponent(id)}`, { method: 'PUT', body: meal })).data;

export function useUpdateMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMeal,
    onSuccess: (_result, { id }) => invalidateMeal(queryClient, id),
  });
}
