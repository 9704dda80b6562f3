import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';
import { invalidateRequests } from '@/lib/query-keys';

export const cancelMealRequest = async (id: string) => fetchEndpoint(endpoints.cancelRequest, { params: { id } });

export function useCancelMealRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMealRequest,
    onSuccess: () => invalidateRequests(queryClient),
  });
}
