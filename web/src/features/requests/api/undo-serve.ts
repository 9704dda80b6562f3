import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateRequests } from '@/lib/query-keys';
import type { Modified } from '@hostelhub/contracts';

/** Takes a serve back within its minute: the request is pending again (409 once too late). */
export const undoServe = async (id: string) =>
  (await apiRequest<Modified>('/requested-meal/status/undo', { method: 'PATCH', body: { id } })).data;

export function useUndoServe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoServe,
    onSuccess: () => invalidateRequests(queryClient),
  });
}
