import type { Location } from 'react-router';
import { paths } from '../paths';

/** An action a visitor was about to take when sent to sign in, offered again on their return. */
export type ResumeAction = 'request-meal';

type LoginReason = {
  /** Why the visitor is asked to sign in, shown on the sign-in page ("Sign in to request Pho"). */
  reason?: string;
  /** What to offer again once they are back. */
  resume?: ResumeAction;
};

/** Navigation state for /login so that signing in comes back to where the visitor was. */
export const loginRedirectState = (
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  { reason, resume }: LoginReason = {},
) => ({
  from: `${location.pathname}${location.search}${location.hash}`,
  ...(reason ? { reason } : {}),
  ...(resume ? { resume } : {}),
});

/** Where to go after signing in: the remembered path, or home. */
export function pathAfterLogin(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // Only same-site paths, never "//elsewhere.example".
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== paths.login
    ? from
    : paths.home;
}

/** The sign-in page's reason, if the visitor was sent there by an action. */
export function loginReason(state: unknown): string | null {
  const reason = (state as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' && reason.trim() ? reason : null;
}

/** The navigation state to return with: the action to offer again, if any. */
export function stateAfterLogin(state: unknown): { resume: ResumeAction } | null {
  const resume = (state as { resume?: unknown } | null)?.resume;
  return resume === 'request-meal' ? { resume } : null;
}
