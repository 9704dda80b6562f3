import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Modified } from '@hostelhub/contracts';

export const makeAdmin = async (uid: string) =>
  (
    await apiRequest<Modified>(`/users/${encodeURIComponent(uid)}/role`, {
      method: 'PATCH',
      body: { role: 'admin' },
    })
  ).data;

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
