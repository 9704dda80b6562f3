// The signed-in hint: a localStorage key kept while Firebase reports someone signed in.
// Firebase Auth (about 30 KB gzip) is loaded on a page's first render only when this browser
// may hold a session: this key, or an API token from before it existed. A visitor who never
// signed in gets Firebase Auth with the first sign-in action instead, so the public pages'
// first bundle goes without it.
import { getStoredToken } from '@/lib/api-client';

export const signedInHintKey = 'signedIn';

/** Whether this browser was signed in when it last knew (the hint is set). */
export const hasSignedInHint = () =>
  typeof localStorage !== 'undefined' && localStorage.getItem(signedInHintKey) !== null;

/** Whether someone may be signed in here, so Firebase Auth must be asked on the first render. */
export const mayHoldSession = () =>
  hasSignedInHint() || (typeof localStorage !== 'undefined' && getStoredToken() !== null);

export function rememberSignedIn(signedIn: boolean) {
  if (signedIn) localStorage.setItem(signedInHintKey, '1');
  else localStorage.removeItem(signedInHintKey);
}

/**
 * Calls `follow` now when someone may be signed in here, and again when another tab signs
 * in (this one follows); returns the function that stops listening.
 */
export function followSignedInHint(follow: () => void): () => void {
  if (mayHoldSession()) follow();
  const onStorage = (event: StorageEvent) => {
    if (event.key === signedInHintKey && event.newValue !== null) follow();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
