import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { invalidateRequests } from '@/lib/query-keys';

export const cancelMealRequest = async (id: string) => fetchEndpoint(routes.cancelRequest, { params: { id } });

export const useCancelMealRequest = () => useRefreshingMutation(cancelMealRequest, invalidateRequests);
