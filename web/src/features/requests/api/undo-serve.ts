import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { invalidateRequests } from '@/lib/query-keys';
import { endpoints } from '@hostelhub/contracts';

/** Takes a serve back within its minute: the request is pending again (409 once too late). */
export const undoServe = (id: string) => fetchEndpoint(endpoints.undoServe, { body: { id } });

export function useUndoServe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoServe,
    onSuccess: () => invalidateRequests(queryClient),
  });
}
