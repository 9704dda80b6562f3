import { invalidateKeys, useRefreshingMutation } from '@/lib/refreshing-mutation';
import { fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { invalidateMeal, queryKeys } from '@/lib/query-keys';

/** The meal's likes and reviews go with it. */
export const deleteMeal = async (id: string) => fetchEndpoint(routes.deleteMeal, { params: { id } });

export const useDeleteMeal = () =>
  useRefreshingMutation(deleteMeal, (queryClient, id) =>
    Promise.all([invalidateMeal(queryClient, id), invalidateKeys(queryClient, queryKeys.requests.served.all)]),
  );
