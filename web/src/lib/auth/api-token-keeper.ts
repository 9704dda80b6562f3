// Keeps the API token (POST /api/jwt, stored under localStorage `token`) for as long as the
// Firebase session lasts (ADR 0012): minted on sign-in and on every refresh of the Firebase ID
// token, renewed five minutes before it expires, and once more when the API refuses it (the
// api-client asks through setTokenRenewer). A plain module without React, so the order of
// these events is in one place; the session provider tells it whose session it is.
import {
  callEndpoint,
  clearStoredToken,
  renewApiToken,
  setTokenRenewer,
  storeToken,
  tokenTimes,
} from '@/lib/api-client';
import { routes } from '@hostelhub/contracts';
import type { FirebaseUser } from './firebase-auth';

/** What the keeper needs of a Firebase user. */
export type TokenHolder = Pick<FirebaseUser, 'uid' | 'email' | 'getIdToken'>;

/** How long before its expiry the API token is renewed (the identity platform's own margin). */
export const renewBeforeExpiryMs = 5 * 60_000;
/** A token that expires sooner than that is still not renewed more often than this. */
export const shortestRenewalDelayMs = 30_000;
/** The longest delay setTimeout keeps (32 bits of ms, 24.8 days): a longer one runs at once. */
const longestTimerDelayMs = 2 ** 31 - 1;

type ApiTokenKeeper = {
  /** Whose session the token belongs to (null: nobody's). */
  readonly holder: TokenHolder | null;
  /** From now on the session is `holder`'s; an exchange for anyone else is dropped when it answers. */
  follow(holder: TokenHolder | null): void;
  /**
   * Exchanges `holder`'s Firebase ID token for an API token, stores it and plans its renewal;
   * resolves with the token, or null when the exchange failed (logged: the calls that need the
   * token then renew it or end the session) or answered after the session passed from
   * `holder`. `forceRefresh` asks Firebase for a new ID token first, which fails for a
   * disabled, deleted or revoked account.
   */
  mint(holder: TokenHolder, forceRefresh?: boolean): Promise<string | null>;
  /** Drops the stored token and its planned renewal (the session ended). */
  drop(): void;
  /** Answers the api-client's renewals (after a 401) until the returned function is called. */
  serveRenewals(): () => void;
};

export function createApiTokenKeeper(): ApiTokenKeeper {
  let holder: TokenHolder | null = null;
  let renewalTimer: ReturnType<typeof setTimeout> | undefined;

  // A failed renewal here ends nothing: the next refused call renews once more and only then
  // ends the session.
  function planRenewal(token: string | null) {
    clearTimeout(renewalTimer);
    const times = token ? tokenTimes(token) : null;
    if (times === null) return;
    // The token's lifetime on the API's clock, counted from now: a device whose clock is days
    // off would otherwise renew late, or at once and again and again (a delay past 24.8 days).
    const lifetime = times.issuedAt === null ? times.expiresAt - Date.now() : times.expiresAt - times.issuedAt;
    const delay = Math.max(lifetime - renewBeforeExpiryMs, shortestRenewalDelayMs);
    renewalTimer = setTimeout(() => void renewApiToken(), Math.min(delay, longestTimerDelayMs));
  }

  async function exchange(forHolder: TokenHolder, forceRefresh: boolean): Promise<string | null> {
    try {
      const idToken = await forHolder.getIdToken(forceRefresh);
      // The API takes who the caller is from the ID token alone: the body carries nothing.
      const { data } = await callEndpoint(routes.jwt, { bearer: idToken, body: {} });
      // The session ended (or passed to someone else) while the exchange ran.
      if (holder?.uid !== forHolder.uid) return null;
      storeToken(data.token);
      return data.token;
    } catch (error) {
      console.error('Could not get an API token', error);
      return null;
    }
  }

  async function mint(forHolder: TokenHolder, forceRefresh = false) {
    const token = await exchange(forHolder, forceRefresh);
    planRenewal(token);
    return token;
  }

  return {
    get holder() {
      return holder;
    },
    follow(next) {
      holder = next;
    },
    mint,
    drop() {
      clearTimeout(renewalTimer);
      clearStoredToken();
    },
    serveRenewals() {
      const stopServing = setTokenRenewer(() => (holder ? mint(holder, true) : Promise.resolve(null)));
      return () => {
        stopServing();
        clearTimeout(renewalTimer);
      };
    },
  };
}
