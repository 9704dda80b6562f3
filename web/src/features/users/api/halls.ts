// The admins' calls on the dining halls (docs/api.md "Menu", ADR 72) and the hall settings. A
// change refreshes the list (domain/halls), on a refusal too: another admin changed it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes, type HallBody } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { settingHooks } from '@/lib/setting-query';

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

const hallSettings = settingHooks(routes.hallSettings, routes.updateHallSettings, queryKeys.hallSettings);
export const useHallSettings = hallSettings.useSetting;
export const useUpdateHallSettings = hallSettings.useUpdateSetting;
