import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';
import { invalidateMeal } from '@/lib/query-keys';
import type { MealInput } from '@hostelhub/contracts';

export const updateMeal = async ({ id, meal }: { id: string; meal: MealInput }) =>
  fetchEndpoint(endpoints.updateMeal, { params: { id }, body: meal });

export function useUpdateMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMeal,
    onSuccess: (_result, { id }) => invalidateMeal(queryClient, id),
  });
}
