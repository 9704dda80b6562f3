import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateRequests } from '@/lib/query-keys';
import type { Modified } from '@hostelhub/contracts';

export const serveMealRequest = async (id: string) =>
  (await apiRequest<Modified>('/requested-meal/status/update', { method: 'PATCH', body: { id } })).data;

export function useServeMealRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: serveMealRequest,
    // An admin's own requests list shows the served row too.
    onSuccess: () => invalidateRequests(queryClient),
  });
}
