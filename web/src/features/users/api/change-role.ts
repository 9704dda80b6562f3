import { invalidateKeys, useRefreshingMutation } from '@/lib/refreshing-mutation';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import type { Role } from '@hostelhub/contracts';

/** Makes a user an admin, or an admin a student again (never oneself, never the last admin: 409). */
export const changeRole = async ({ uid, role }: { uid: string; role: Role }) =>
  fetchEndpoint(routes.changeRole, { params: { uid }, body: { role } });

export const useChangeRole = () =>
  useRefreshingMutation(changeRole, (queryClient) => invalidateKeys(queryClient, queryKeys.users.all));
