import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Modified, Role } from '@hostelhub/contracts';

/** Makes a user an admin, or an admin a student again (never oneself, never the last admin: 409). */
export const changeRole = async ({ uid, role }: { uid: string; role: Role }) =>
  (
    await apiRequest<Modified>(`/users/${encodeURIComponent(uid)}/role`, {
      method: 'PATCH',
      body: { role },
    })
  ).data;

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
