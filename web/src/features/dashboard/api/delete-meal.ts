import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateMeal } from './invalidate-meal';
import { dashboardKeys } from './query-keys';

/** DELETE /meal/{id} (admin); its likes and reviews go with it. */
export const deleteMeal = async (id: string) =>
  (await apiRequest<{ deletedCount: number }>(`/meal/${encodeURIComponent(id)}`, { method: 'DELETE' })).data;

export function useDeleteMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMeal,
    onSuccess: (_result, id) =>
      Promise.all([
        invalidateMeal(queryClient, id),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.servedRequestsAll() }),
      ]),
  });
}
