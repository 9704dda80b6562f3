import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, callEndpoint, fetchEndpoint } from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import type { UserProfile } from '@hostelhub/contracts';
import type { SessionUser } from './session-context';

/**
 * POST /api/users; a 400 means the record already exists, which is what we want. Resolves
 * 'created' for a new record and 'existing' for a returning user (spec: 'Welcome back').
 */
export async function saveUserRecord(
  user: Pick<SessionUser, 'email' | 'displayName' | 'photoURL'>,
): Promise<'created' | 'existing'> {
  try {
    // Only what the API uses: the email, role and badge come from the token and the server.
    await callEndpoint(routes.createUser, {
      body: {
        name: user.displayName || user.email?.split('@')[0] || 'Resident',
        photoURL: user.photoURL || undefined,
      },
    });
    return 'created';
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 400)) throw error;
    return 'existing';
  }
}

async function loadProfile(user: SessionUser): Promise<UserProfile> {
  try {
    return await fetchEndpoint(routes.user);
  } catch (error) {
    // A sign-in whose record was never saved (for example the API was down at sign-up).
    if (!(error instanceof ApiRequestError && error.status === 404)) throw error;
    await saveUserRecord(user);
    return fetchEndpoint(routes.user);
  }
}

export const profileQueryOptions = (user: SessionUser | null, ready: boolean) =>
  queryOptions({
    queryKey: queryKeys.profile.of(user?.uid ?? null),
    queryFn: () => loadProfile(user!),
    enabled: Boolean(user) && ready,
    staleTime: 60_000,
    retry: false,
  });
