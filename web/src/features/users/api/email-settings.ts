// GET and PUT /email-settings (admins): the weekday and hour next week's menu is emailed.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type EmailSettings } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const useEmailSettings = () =>
  useQuery({
    queryKey: queryKeys.emailSettings,
    queryFn: ({ signal }) => fetchEndpoint(routes.emailSettings, { signal }),
  });

/** PUT /email-settings; the answer (what is now stored) replaces the cached settings. */
export function useUpdateEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: EmailSettings) => fetchEndpoint(routes.updateEmailSettings, { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.emailSettings, saved),
  });
}
