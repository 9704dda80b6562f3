import { useMutation } from '@tanstack/react-query';
import { routes, type EmailPreferences } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/** PATCH /user/email-preferences, then the session's profile is read again. */
export function useUpdateEmailPreferences() {
  const { refreshProfile } = useSession();
  return useMutation({
    mutationFn: (preferences: EmailPreferences) => fetchEndpoint(routes.updateEmailPreferences, { body: preferences }),
    onSuccess: () => refreshProfile(),
  });
}
