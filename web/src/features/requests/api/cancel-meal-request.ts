import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateRequests } from '@/lib/query-keys';
import type { Modified } from '@hostelhub/contracts';

export const cancelMealRequest = async (id: string) =>
  (await apiRequest<Modified>(`/meal-request/${encodeURIComponent(id)}/cancel`, { method: 'PATCH' })).data;

export function useCancelMealRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMealRequest,
    onSuccess: () => invalidateRequests(queryClient),
  });
}
