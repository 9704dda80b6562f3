import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateMeal, queryKeys } from '@/lib/query-keys';
import type { Deleted } from '@hostelhub/contracts';

/** The meal's likes and reviews go with it. */
export const deleteMeal = async (id: string) =>
  (await apiRequest<Deleted>(`/meal/${encodeURIComponent(id)}`, { method: 'DELETE' })).data;

export function useDeleteMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMeal,
    onSuccess: (_result, id) =>
      Promise.all([
        invalidateMeal(queryClient, id),
        queryClient.invalidateQueries({ queryKey: queryKeys.requests.served.all }),
      ]),
  });
}
