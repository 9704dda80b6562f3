import { useRefreshingMutation } from '@/lib/refreshing-mutation';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { invalidateRequests } from '@/lib/query-keys';

/** PATCH /meal-request/{id}/cancel, for an undated request (a reservation: domain/reservations/reservations.ts). */
export const cancelMealRequest = async (id: string) => fetchEndpoint(routes.cancelRequest, { params: { id } });

export const useCancelMealRequest = () => useRefreshingMutation(cancelMealRequest, invalidateRequests);
