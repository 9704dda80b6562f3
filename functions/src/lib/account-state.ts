import { emailNotVerifiedMessage } from '@hostelhub/contracts';
import { ApiError, forbidden, unauthorized } from './errors.js';
import { adminAuth } from './firestore.js';

/**
 * Whether the Firebase account behind an API token may still use it. The API token is our
 * own JWT, so Firebase's revocation does not reach it by itself: a disabled or deleted
 * account, or one whose sessions were revoked (which a password change also does), must be
 * looked up. See docs/decisions/0009-api-token-revocation.md.
 */
type AccountState = { active: boolean; sessionsValidAfter: number };

/** How long a looked-up state is trusted by one function instance. */
export const accountStateCacheMs = 30_000;
const maxCachedAccounts = 5_000;
const cache = new Map<string, { state: AccountState; fetchedAt: number }>();

const ended: AccountState = { active: false, sessionsValidAfter: Number.POSITIVE_INFINITY };

async function lookUp(uid: string): Promise<AccountState> {
  try {
    const user = await adminAuth.getUser(uid);
    const validAfterMs = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
    return { active: !user.disabled, sessionsValidAfter: Number.isNaN(validAfterMs) ? 0 : validAfterMs / 1000 };
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found') return ended;
    // Auth itself failed: neither let the token through nor end the user's session for it.
    throw new ApiError(503, 'Sign-in could not be checked just now. Please try again.');
  }
}

/**
 * The account's state, from this instance's cache when it is younger than
 * accountStateCacheMs; `fresh` always asks Firebase Auth (admin routes do).
 */
export async function accountState(uid: string, { fresh = false } = {}): Promise<AccountState> {
  const cached = cache.get(uid);
  if (!fresh && cached && Date.now() - cached.fetchedAt < accountStateCacheMs) return cached.state;
  const state = await lookUp(uid);
  cache.delete(uid);
  if (cache.size >= maxCachedAccounts) cache.delete(cache.keys().next().value as string);
  cache.set(uid, { state, fetchedAt: Date.now() });
  return state;
}

/**
 * An account this instance has just deleted (closing it, ADR 75): its tokens are refused here
 * from now on, without waiting for the cached state to run out. Other instances refuse them
 * once theirs does (at most accountStateCacheMs), and at once on staff and admin routes.
 */
export function forgetAccount(uid: string): void {
  cache.delete(uid);
  cache.set(uid, { state: ended, fetchedAt: Date.now() });
}

/**
 * Token times have one-second resolution. As in Firebase's own check of ID tokens, a token
 * signed in the same second as the revocation stays valid: accounts get their first
 * `tokensValidAfterTime` when they are created, and a sign-in right then must work.
 */
export function tokenStillValid(state: AccountState, issuedAt: number): boolean {
  return state.active && issuedAt >= state.sessionsValidAfter;
}

/**
 * Paid actions send receipts to the account's address, so it must be one its owner has shown
 * they read. Asked of Firebase Auth at the moment of use, never from a token minted before the
 * owner clicked the link, nor from the cache above.
 */
export async function requireVerifiedEmail(uid: string): Promise<void> {
  let verified: boolean;
  try {
    verified = (await adminAuth.getUser(uid)).emailVerified;
  } catch (error) {
    if ((error as { code?: string }).code === 'auth/user-not-found')
      throw unauthorized('Your session has ended: sign in again');
    throw new ApiError(503, 'Sign-in could not be checked just now. Please try again.');
  }
  if (!verified) throw forbidden(emailNotVerifiedMessage);
}
