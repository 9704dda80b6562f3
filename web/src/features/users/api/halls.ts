// The admins' calls on the dining halls (docs/api.md "Menu", ADR 72) and the hall settings. A
// change refreshes the list (domain/halls), on a refusal too: another admin changed it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type HallBody, type HallSettings } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const useHallsMutation = <Variables, Answer>(call: (variables: Variables) => Promise<Answer>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.halls }),
  });
};

export const useAddHall = () => useHallsMutation((body: HallBody) => fetchEndpoint(routes.addHall, { body }));

export const useDeleteHall = () =>
  useHallsMutation((id: string) => fetchEndpoint(routes.deleteHall, { params: { id } }));

export const useHallSettings = () =>
  useQuery({
    queryKey: queryKeys.hallSettings,
    queryFn: ({ signal }) => fetchEndpoint(routes.hallSettings, { signal }),
  });

/** PUT /hall-settings; the answer (what is now stored) replaces the cached settings. */
export function useUpdateHallSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: HallSettings) => fetchEndpoint(routes.updateHallSettings, { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.hallSettings, saved),
  });
}
