import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const serveMealRequest = async (id: string) =>
  (await apiRequest<{ modifiedCount: number }>('/requested-meal/status/update', { method: 'PATCH', body: { id } }))
    .data;

export function useServeMealRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: serveMealRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.requests.served.all }),
  });
}
