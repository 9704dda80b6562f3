import type { Location } from 'react-router';

/** Navigation state for /login so that signing in comes back to where the visitor was. */
export const loginRedirectState = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) => ({
  from: `${location.pathname}${location.search}${location.hash}`,
});

/** Where to go after signing in: the remembered path, or home. */
export function pathAfterLogin(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // Only same-site paths, never "//elsewhere.example".
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : '/';
}
