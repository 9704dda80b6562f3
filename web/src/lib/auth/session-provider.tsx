// Holds who is signed in (Firebase Auth) and their API session (the token from POST /api/jwt
// stored under localStorage `token`, plus the profile from GET /api/user).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { apiRequest, clearStoredToken, onSessionEnded, storeToken } from '@/lib/api-client';
import { showError, showSuccess } from '@/lib/dialogs';
import type { FirebaseUser } from './firebase-auth';
import { authErrorMessage } from './auth-errors';
import { queryKeys } from '@/lib/query-keys';
import { profileQueryOptions, saveUserRecord } from './profile-query';
import { SessionContext, type Session, type SessionUser, type SignUpInput } from './session-context';

const loadFirebaseAuth = () => import('./firebase-auth');

const toSessionUser = (user: FirebaseUser): SessionUser => ({
  uid: user.uid,
  email: user.email,
  displayName: user.displayName,
  photoURL: user.photoURL,
});

/**
 * Exchanges the Firebase ID token for the API token. A failure is only logged: the calls that
 * need the token then fail and show their own error.
 */
async function mintApiToken(user: FirebaseUser) {
  try {
    const idToken = await user.getIdToken();
    const { data } = await apiRequest<{ token: string }>('/jwt', {
      method: 'POST',
      bearer: idToken,
      body: user.email ? { email: user.email } : {},
    });
    storeToken(data.token);
  } catch (error) {
    console.error('Could not get an API token', error);
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [authKnown, setAuthKnown] = useState(false);
  const [operations, setOperations] = useState(0);
  // The uid whose API token is in place; the profile loads only after that.
  const [tokenFor, setTokenFor] = useState<string | null>(null);
  // While a sign-in action runs it sets up the API session itself (it knows the name to save).
  const actionRunning = useRef(false);
  const endingSession = useRef(false);

  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    loadFirebaseAuth()
      .then(({ watchAuthState }) => {
        if (cancelled) return;
        unsubscribe = watchAuthState(async (firebaseUser) => {
          setUser(firebaseUser ? toSessionUser(firebaseUser) : null);
          setAuthKnown(true);
          if (!firebaseUser) {
            clearStoredToken();
            setTokenFor(null);
            return;
          }
          if (actionRunning.current) return;
          // A returning visitor: a fresh token each visit, so an expired one is replaced.
          await mintApiToken(firebaseUser);
          setTokenFor(firebaseUser.uid);
        });
      })
      .catch((error) => {
        console.error('Could not load sign-in', error);
        setAuthKnown(true);
      });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, []);

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
    await signOutOfFirebase();
    clearStoredToken();
    setTokenFor(null);
    setUser(null);
    queryClient.removeQueries({ queryKey: queryKeys.profile.all });
    // Public data carries per-user fields (liked, mine): load it again as a visitor.
    void queryClient.invalidateQueries();
  }, [queryClient]);

  /** Runs a sign-in, then POST /jwt, POST /users and the profile, in that order. */
  const signInWith = useCallback(
    (signIn: (auth: Awaited<ReturnType<typeof loadFirebaseAuth>>) => Promise<FirebaseUser>) =>
      withOperation(async () => {
        actionRunning.current = true;
        try {
          const firebaseAuth = await loadFirebaseAuth();
          const firebaseUser = await signIn(firebaseAuth);
          const sessionUser = toSessionUser(firebaseUser);
          setUser(sessionUser);
          await mintApiToken(firebaseUser);
          await saveUserRecord(sessionUser);
          setTokenFor(firebaseUser.uid);
          await queryClient.invalidateQueries();
          return sessionUser;
        } finally {
          actionRunning.current = false;
        }
      }),
    [queryClient, withOperation],
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
      logOut: () =>
        withOperation(async () => {
          try {
            await endSession();
            void showSuccess('Log out successful', 'You successfully log out');
          } catch (error) {
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
      tokenFor,
      queryClient,
      signInWith,
      withOperation,
      endSession,
    ],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
