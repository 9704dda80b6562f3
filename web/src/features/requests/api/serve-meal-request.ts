import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';
import { invalidateRequests } from '@/lib/query-keys';

export const serveMealRequest = async (id: string) => fetchEndpoint(endpoints.serveRequest, { body: { id } });

export function useServeMealRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: serveMealRequest,
    // An admin's own requests list shows the served row too.
    onSuccess: () => invalidateRequests(queryClient),
  });
}
