import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { invalidateRequests } from '@/lib/query-keys';

export const serveMealRequest = async (id: string) => fetchEndpoint(routes.serveRequest, { body: { id } });

// An admin's own requests list shows the served row too.
export const useServeMealRequest = () => useRefreshingMutation(serveMealRequest, invalidateRequests);
