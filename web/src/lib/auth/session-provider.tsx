// Holds who is signed in (Firebase Auth) and their API session (the token from POST /api/jwt
// stored under localStorage `token`, plus the profile from GET /api/user). The API token is
// renewed for as long as the Firebase session lasts: whenever Firebase refreshes its ID
// token, a few minutes before the API token expires, and once when the API refuses it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  apiRequest,
  clearStoredToken,
  getStoredToken,
  onSessionEnded,
  renewApiToken,
  setTokenRenewer,
  storeToken,
  tokenExpiresAt,
} from '@/lib/api-client';
import { showError, showSuccess } from '@/lib/dialogs';
import type { ApiToken } from '@hostelhub/contracts';
import type { FirebaseUser } from './firebase-auth';
import { queryKeys } from '@/lib/query-keys';
import { profileQueryOptions, saveUserRecord } from './profile-query';
import { SessionContext, type Session, type SessionUser, type SignedIn, type SignUpInput } from './session-context';

const loadFirebaseAuth = () => import('./firebase-auth');
type FirebaseAuthModule = Awaited<ReturnType<typeof loadFirebaseAuth>>;

/**
 * Kept in localStorage while Firebase reports someone signed in. Firebase Auth (about 30 KB
 * gzip) is loaded on a page's first render only when this browser may hold a session: this
 * key, or an API token from before it existed. A visitor who never signed in gets it with
 * the first sign-in action instead, so the public pages' first bundle goes without it.
 */
export const signedInHintKey = 'signedIn';

const mayHoldSession = () =>
  typeof localStorage !== 'undefined' && (localStorage.getItem(signedInHintKey) !== null || getStoredToken() !== null);

function rememberSignedIn(signedIn: boolean) {
  if (signedIn) localStorage.setItem(signedInHintKey, '1');
  else localStorage.removeItem(signedInHintKey);
}

const toSessionUser = (user: FirebaseUser): SessionUser => ({
  uid: user.uid,
  email: user.email,
  displayName: user.displayName,
  photoURL: user.photoURL,
  emailVerified: user.emailVerified,
});

/** How long before its expiry the API token is renewed (the identity platform's own margin). */
export const renewBeforeExpiryMs = 5 * 60_000;

/**
 * Exchanges the Firebase ID token for the API token and stores it; resolves with the token,
 * or null when the exchange failed (the failure is logged: the calls that need the token then
 * renew it or end the session). `forceRefresh` asks Firebase for a new ID token first, which
 * fails for a disabled, deleted or revoked account. An answer that arrives after the session
 * ended (or passed to someone else) is dropped: `stillCurrent` says whether it may be kept.
 */
async function mintApiToken(
  user: FirebaseUser,
  forceRefresh: boolean,
  stillCurrent: () => boolean,
): Promise<string | null> {
  try {
    const idToken = await user.getIdToken(forceRefresh);
    const { data } = await apiRequest<ApiToken>('/jwt', { method: 'POST', bearer: idToken, body: {} });
    if (!stillCurrent()) return null;
    storeToken(data.token);
    return data.token;
  } catch (error) {
    console.error('Could not get an API token', error);
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  // Nobody can be signed in without the hint, so a visitor's session is known at once.
  const [authKnown, setAuthKnown] = useState(() => !mayHoldSession());
  const [operations, setOperations] = useState(0);
  // The uid whose API token is in place; the profile loads only after that.
  const [tokenFor, setTokenFor] = useState<string | null>(null);
  // While a sign-in action runs it sets up the API session itself (it knows the name to save).
  const actionRunning = useRef(false);
  const endingSession = useRef(false);
  // The Firebase user behind the session, for renewing the API token.
  const firebaseUserRef = useRef<FirebaseUser | null>(null);
  const renewalTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Mints the API token and plans its renewal a few minutes before it expires. */
  const mint = useCallback(async (firebaseUser: FirebaseUser, forceRefresh = false) => {
    const token = await mintApiToken(
      firebaseUser,
      forceRefresh,
      () => firebaseUserRef.current?.uid === firebaseUser.uid,
    );
    clearTimeout(renewalTimer.current);
    const expiresAt = token ? tokenExpiresAt(token) : null;
    if (expiresAt !== null) {
      // A failed renewal here ends nothing: the next refused call renews once more and only
      // then ends the session.
      const delay = Math.max(expiresAt - Date.now() - renewBeforeExpiryMs, 30_000);
      renewalTimer.current = setTimeout(() => void renewApiToken(), delay);
    }
    return token;
  }, []);

  // The API client asks for a new token when the API refuses the stored one.
  useEffect(
    () =>
      setTokenRenewer(async () => {
        const firebaseUser = firebaseUserRef.current;
        return firebaseUser ? mint(firebaseUser, true) : null;
      }),
    [mint],
  );
  useEffect(() => () => clearTimeout(renewalTimer.current), []);

  // This browser was signed in when the page opened: if Firebase's first word is that nobody
  // is, it ended the session meanwhile (the account was disabled or deleted), and says so.
  const signedInAtOpen = useRef(typeof localStorage !== 'undefined' && localStorage.getItem(signedInHintKey) !== null);
  // Who is signed in, from Firebase: on sign-in, sign-out and every refresh of the ID token.
  const watching = useRef<{ unsubscribe?: () => void; cancelled: boolean } | null>(null);
  const startWatching = useCallback(
    (firebaseAuth: FirebaseAuthModule) => {
      if (watching.current) return;
      const watch: { unsubscribe?: () => void; cancelled: boolean } = { cancelled: false };
      watching.current = watch;
      watch.unsubscribe = firebaseAuth.watchAuthState(async (firebaseUser) => {
        if (watch.cancelled) return;
        // Firebase itself ended the session (the account was disabled or deleted, or its
        // sessions revoked, and a token refresh found out): say so, as a refused call would.
        // Our own sign-outs clear firebaseUserRef first, so they never get here.
        const endedElsewhere = !firebaseUser && (firebaseUserRef.current !== null || signedInAtOpen.current);
        signedInAtOpen.current = false;
        firebaseUserRef.current = firebaseUser;
        rememberSignedIn(firebaseUser !== null);
        setUser(firebaseUser ? toSessionUser(firebaseUser) : null);
        setAuthKnown(true);
        if (!firebaseUser) {
          clearTimeout(renewalTimer.current);
          clearStoredToken();
          setTokenFor(null);
          if (endedElsewhere && !endingSession.current) {
            endingSession.current = true;
            void showError('Your session has ended', 'Please log in again.').finally(() => {
              endingSession.current = false;
            });
          }
          return;
        }
        if (actionRunning.current) return;
        // A returning visitor or a refreshed Firebase session: a fresh API token with it.
        await mint(firebaseUser);
        setTokenFor(firebaseUser.uid);
      });
    },
    [mint],
  );

  useEffect(() => {
    let active = true;
    const watchNow = () =>
      loadFirebaseAuth()
        .then((firebaseAuth) => {
          if (active) startWatching(firebaseAuth);
        })
        .catch((error) => {
          console.error('Could not load sign-in', error);
          setAuthKnown(true);
        });
    if (mayHoldSession()) void watchNow();
    // Signed in in another tab: this one follows.
    const onStorage = (event: StorageEvent) => {
      if (event.key === signedInHintKey && event.newValue !== null) void watchNow();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      window.removeEventListener('storage', onStorage);
      if (watching.current) {
        watching.current.cancelled = true;
        watching.current.unsubscribe?.();
        watching.current = null;
      }
    };
  }, [startWatching]);

  const withOperation = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    setOperations((count) => count + 1);
    try {
      return await work();
    } finally {
      setOperations((count) => count - 1);
    }
  }, []);

  const endSession = useCallback(async () => {
    const { signOutOfFirebase } = await loadFirebaseAuth();
    firebaseUserRef.current = null;
    await signOutOfFirebase();
    rememberSignedIn(false);
    clearTimeout(renewalTimer.current);
    clearStoredToken();
    setTokenFor(null);
    setUser(null);
    queryClient.removeQueries({ queryKey: queryKeys.profile.all });
    // Public data carries per-user fields (liked, mine): load it again as a visitor.
    void queryClient.invalidateQueries();
  }, [queryClient]);

  /**
   * Runs a sign-in, then POST /jwt, POST /users and the profile, in that order. If saving the
   * user fails the sign-in rejects with that error, and the profile is still asked for, so the
   * dashboard shows the failure with "Try again" and "Log out" rather than waiting for ever.
   */
  const signInWith = useCallback(
    (signIn: (auth: FirebaseAuthModule) => Promise<FirebaseUser>) =>
      withOperation(async (): Promise<SignedIn> => {
        actionRunning.current = true;
        try {
          const firebaseAuth = await loadFirebaseAuth();
          // A first sign-in in this browser: follow the session from now on.
          startWatching(firebaseAuth);
          const firebaseUser = await signIn(firebaseAuth);
          firebaseUserRef.current = firebaseUser;
          const sessionUser = toSessionUser(firebaseUser);
          setUser(sessionUser);
          await mint(firebaseUser);
          try {
            const saved = await saveUserRecord(sessionUser);
            return { ...sessionUser, newAccount: saved === 'created' };
          } finally {
            setTokenFor(firebaseUser.uid);
            await queryClient.invalidateQueries();
          }
        } finally {
          actionRunning.current = false;
        }
      }),
    [queryClient, withOperation, mint, startWatching],
  );

  useEffect(
    () =>
      onSessionEnded(() => {
        if (endingSession.current) return;
        endingSession.current = true;
        endSession()
          .then(() => showError('Your session has ended', 'Please log in again.'))
          .catch((error) => console.error('Could not end the session', error))
          .finally(() => {
            endingSession.current = false;
          });
      }),
    [endSession],
  );

  const profileQuery = useQuery(profileQueryOptions(user, tokenFor !== null && tokenFor === user?.uid));

  const session = useMemo<Session>(
    () => ({
      user,
      loading: !authKnown || operations > 0,
      profile: user ? (profileQuery.data ?? null) : null,
      profileLoading: user !== null && (tokenFor !== user.uid || profileQuery.isPending),
      profileError: user && tokenFor === user.uid ? profileQuery.error : null,
      refreshProfile: async () => {
        await queryClient.invalidateQueries({ queryKey: queryKeys.profile.all });
      },
      signUp: ({ name, email, password, photoURL }: SignUpInput) =>
        signInWith((auth) => auth.signUpWithEmail(name, email, password, photoURL)),
      logIn: (email, password) => signInWith((auth) => auth.signInWithEmail(email, password)),
      logInWithGoogle: () => signInWith((auth) => auth.signInWithGoogle()),
      logInWithFacebook: () => signInWith((auth) => auth.signInWithFacebook()),
      sendPasswordReset: async (email) => {
        const { requestPasswordReset } = await loadFirebaseAuth();
        await requestPasswordReset(email);
      },
      updateUserProfile: async (changes) => {
        const { updateCurrentProfile } = await loadFirebaseAuth();
        const updated = await updateCurrentProfile(changes);
        setUser(toSessionUser(updated));
      },
      sendEmailVerification: async () => {
        const { sendVerificationEmail } = await loadFirebaseAuth();
        await sendVerificationEmail();
      },
      checkEmailVerified: async () => {
        const { reloadCurrentUser } = await loadFirebaseAuth();
        const reloaded = await reloadCurrentUser();
        setUser(toSessionUser(reloaded));
        return reloaded.emailVerified;
      },
      logOut: () =>
        withOperation(async () => {
          try {
            await endSession();
            void showSuccess('Log out successful', 'You successfully log out');
          } catch (error) {
            // The messages for Firebase's error codes load with the first one needed.
            const { authErrorMessage } = await import('./auth-errors');
            void showError(authErrorMessage(error));
          }
        }),
    }),
    [
      user,
      authKnown,
      operations,
      profileQuery.data,
      profileQuery.isPending,
      profileQuery.error,
      tokenFor,
      queryClient,
      signInWith,
      withOperation,
      endSession,
    ],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
