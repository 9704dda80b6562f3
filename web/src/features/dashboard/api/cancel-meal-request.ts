import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** PATCH /meal-request/{id}/cancel: the owner withdraws a pending request. */
export const cancelMealRequest = async (id: string) =>
  (await apiRequest<{ modifiedCount: number }>(`/meal-request/${encodeURIComponent(id)}/cancel`, { method: 'PATCH' }))
    .data;

export function useCancelMealRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMealRequest,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dashboardKeys.myRequests() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.servedRequestsAll() }),
      ]),
  });
}
