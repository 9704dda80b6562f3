import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { fetchEndpoint } from '@/lib/api-client';
import { invalidateRequests } from '@/lib/query-keys';
import { routes } from '@hostelhub/contracts';

/** Takes a serve back within its minute: the request is pending again (409 once too late). */
export const undoServe = (id: string) => fetchEndpoint(routes.undoServe, { body: { id } });

export const useUndoServe = () => useRefreshingMutation(undoServe, invalidateRequests);
