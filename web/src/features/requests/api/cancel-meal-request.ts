import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const cancelMealRequest = async (id: string) =>
  (await apiRequest<{ modifiedCount: number }>(`/meal-request/${encodeURIComponent(id)}/cancel`, { method: 'PATCH' }))
    .data;

export function useCancelMealRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMealRequest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.requests.mine }),
        queryClient.invalidateQueries({ queryKey: queryKeys.requests.served.all }),
      ]),
  });
}
