// Holds who is signed in and their API session as React state: the Firebase user, whether
// Firebase has said who it is, the running sign-in actions and whose API token is in place,
// plus the profile from GET /api/user. The order of events lives in session-flow.ts.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { queryKeys } from '@/lib/query-keys';
import type { FirebaseUser } from './firebase-auth';
import { profileQueryOptions } from './profile-query';
import { SessionContext, toSessionUser, type Session, type SignUpInput } from './session-context';
import { createSessionFlow, loadFirebaseAuth, type FirebaseAuthModule } from './session-flow';
import { mayHoldSession } from './signed-in-hint';

const subscribeToNothing = () => () => {};

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<Session['user']>(null);
  // Nobody can be signed in without the hint, so a visitor's session is known at once. A page
  // the server rendered was rendered for a visitor; taking it over starts from the same state,
  // and the hint counts from the next render (useSyncExternalStore's server snapshot).
  const mayBeSignedIn = useSyncExternalStore(subscribeToNothing, mayHoldSession, () => false);
  const [authKnown, setAuthKnown] = useState(false);
  const [operations, setOperations] = useState(0);
  // The uid whose API token is in place; the profile loads only after that.
  const [tokenFor, setTokenFor] = useState<string | null>(null);
  // Each step of the session in a transition: the step that says who is signed in draws a whole
  // signed-in page (the dashboard, its menu and the page), which in one task held a slow phone's
  // main thread for a sixth of a second; in a transition React draws it in slices (issue 54).
  const [flow] = useState(() =>
    createSessionFlow(
      {
        user: (next) => startTransition(() => setUser(next)),
        authKnown: () => startTransition(() => setAuthKnown(true)),
        tokenFor: (uid) => startTransition(() => setTokenFor(uid)),
      },
      queryClient,
    ),
  );
  useEffect(() => flow.start(), [flow]);

  const withOperation = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    setOperations((count) => count + 1);
    try {
      return await work();
    } finally {
      setOperations((count) => count - 1);
    }
  }, []);
  const signInWith = useCallback(
    (signIn: (auth: FirebaseAuthModule) => Promise<FirebaseUser>) => withOperation(() => flow.signInWith(signIn)),
    [flow, withOperation],
  );

  const profileQuery = useQuery(profileQueryOptions(user, tokenFor !== null && tokenFor === user?.uid));

  const session = useMemo<Session>(
    () => ({
      user,
      loading: (mayBeSignedIn && !authKnown) || operations > 0,
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
      freshIdToken: async (password) => {
        const { freshIdToken } = await loadFirebaseAuth();
        return freshIdToken(password);
      },
      logOut: (options) =>
        withOperation(async () => {
          try {
            await flow.endSession();
            if (options?.quiet) return;
            void import('@/lib/dialogs').then(({ showSuccess }) =>
              showSuccess('Log out successful', 'You successfully log out'),
            );
          } catch (error) {
            // The messages for Firebase's error codes load with the first one needed.
            const [{ authErrorMessage }, { showError }] = await Promise.all([
              import('./auth-errors'),
              import('@/lib/dialogs'),
            ]);
            void showError(authErrorMessage(error));
          }
        }),
    }),
    [
      user,
      mayBeSignedIn,
      authKnown,
      operations,
      profileQuery.data,
      profileQuery.isPending,
      profileQuery.error,
      tokenFor,
      queryClient,
      signInWith,
      withOperation,
      flow,
    ],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
