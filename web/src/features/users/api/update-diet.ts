import { useMutation } from '@tanstack/react-query';
import { routes, type DietProfile } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/** PATCH /user/diet, then the session's profile is read again so every page sees the new diet. */
export function useUpdateDiet() {
  const { refreshProfile } = useSession();
  return useMutation({
    mutationFn: (diet: DietProfile) => fetchEndpoint(routes.updateDiet, { body: diet }),
    onSuccess: () => refreshProfile(),
  });
}
