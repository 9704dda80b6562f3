import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchEndpoint } from '@/lib/api-client';
import { endpoints } from '@hostelhub/contracts';
import { invalidateMeal, queryKeys } from '@/lib/query-keys';

/** The meal's likes and reviews go with it. */
export const deleteMeal = async (id: string) => fetchEndpoint(endpoints.deleteMeal, { params: { id } });

export function useDeleteMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMeal,
    onSuccess: (_result, id) =>
      Promise.all([
        invalidateMeal(queryClient, id),
        queryClient.invalidateQueries({ queryKey: queryKeys.requests.served.all }),
      ]),
  });
}
