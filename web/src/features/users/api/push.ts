// GET /user/push, PATCH /user/push-preferences, DELETE /user/push-devices/{id} (ADR 81), and
// turning push on for this browser (lib/push): each answer updates the cached settings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type PushPreferences, type PushSettings } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { forgetPushHere, turnOnPushHere } from '@/lib/push/push-device';
import { queryKeys } from '@/lib/query-keys';

export const usePushSettings = () =>
  useQuery({ queryKey: queryKeys.push, queryFn: ({ signal }) => fetchEndpoint(routes.pushSettings, { signal }) });

export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: PushPreferences) => fetchEndpoint(routes.updatePushPreferences, { body: preferences }),
    onSuccess: (preferences) =>
      queryClient.setQueryData<PushSettings>(queryKeys.push, (settings) => settings && { ...settings, preferences }),
  });
}

/** Forgets one device; this browser's own also drops its subscription (lib/push). */
export function useRemovePushDevice(uid: string, deviceHere: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deviceId: string) => {
      if (deviceId === deviceHere) await forgetPushHere(uid);
      else await fetchEndpoint(routes.removePushDevice, { params: { deviceId } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.push }),
  });
}

export function useTurnOnPushHere(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => turnOnPushHere(uid),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.push }),
  });
}
