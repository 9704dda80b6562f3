// The order of a session's events, without React: Firebase's word on who is signed in (on
// sign-in, sign-out and every refresh of the ID token), the sign-in actions, the API token
// (api-token-keeper.ts) and the end of a session. The session provider holds what this
// reports as React state. Firebase Auth is loaded lazily: on the first render only when the
// signed-in hint says this browser may hold a session, when another tab signs in, or with a
// sign-in action.
import type { QueryClient } from '@tanstack/react-query';
import { onSessionEnded } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { createApiTokenKeeper } from './api-token-keeper';
import type { FirebaseUser } from './firebase-auth';
import { saveUserRecord } from './profile-query';
import { toSessionUser, type SessionUser, type SignedIn } from './session-context';
import { tellSessionEnded } from './session-ended';
import { followSignedInHint, hasSignedInHint, rememberSignedIn } from './signed-in-hint';

type OfflineAnswers = typeof import('@/lib/offline/offline-answers');
/**
 * The answers kept offline (ADR 79) are a signed-in member's only, and every way into or out
 * of a session goes through Firebase Auth: their module loads beside it, not with every
 * visitor's first scripts, and is at hand by the time a session starts or ends.
 */
let offlineAnswers: OfflineAnswers | null = null;
const loadOfflineAnswers = () => import('@/lib/offline/offline-answers').then((module) => (offlineAnswers = module));

export const loadFirebaseAuth = () =>
  Promise.all([import('./firebase-auth'), loadOfflineAnswers()]).then(([firebaseAuth]) => firebaseAuth);
export type FirebaseAuthModule = Awaited<ReturnType<typeof loadFirebaseAuth>>;

/** What the flow reports, for the provider to keep as state. */
type SessionReports = {
  user(user: SessionUser | null): void;
  /** Firebase has said who is signed in (or could not be loaded: nobody is). */
  authKnown(): void;
  /** The uid whose API token is in place (the profile loads only after that); null: nobody's. */
  tokenFor(uid: string | null): void;
};

export function createSessionFlow(report: SessionReports, queryClient: QueryClient) {
  const keeper = createApiTokenKeeper();
  // While a sign-in action runs it sets up the API session itself (it knows the name to save).
  let actionRunning = false;
  // Signed in when the page opened: if Firebase's first word is that nobody is, it ended the
  // session meanwhile (the account was disabled or deleted), and says so.
  let signedInAtOpen = hasSignedInHint();
  let stopWatching: (() => void) | null = null;
  // Whose answers are kept for opening offline (ADR 79), and how to stop keeping them.
  let keptFor: string | null = null;
  let stopKeeping: (() => void) | null = null;

  /** Keeps `uid`'s answers from now on (theirs put back first); null: deletes every kept answer. */
  function keepOfflineFor(uid: string | null) {
    if (uid === keptFor) return;
    stopKeeping?.();
    stopKeeping = null;
    keptFor = uid;
    const apply = ({ keepAnswersOffline, forgetAnswersOffline }: OfflineAnswers) => {
      if (uid) stopKeeping = keepAnswersOffline(queryClient, uid);
      else forgetAnswersOffline();
    };
    // Loaded with Firebase Auth, before any session event; were it not, in order once it is.
    if (offlineAnswers) apply(offlineAnswers);
    else
      void loadOfflineAnswers().then((module) => {
        if (keptFor === uid) apply(module);
      });
  }

  async function onAuthChange(firebaseUser: FirebaseUser | null) {
    // Firebase itself ended the session (a token refresh found the account disabled, deleted
    // or revoked). Our own sign-outs stop the keeper following first, so never get here.
    const endedElsewhere = !firebaseUser && (keeper.holder !== null || signedInAtOpen);
    signedInAtOpen = false;
    keeper.follow(firebaseUser);
    // Before the profile is asked for: with no signal, the kept one opens the dashboard.
    keepOfflineFor(firebaseUser?.uid ?? null);
    rememberSignedIn(firebaseUser !== null);
    report.user(firebaseUser ? toSessionUser(firebaseUser) : null);
    report.authKnown();
    if (!firebaseUser) {
      keeper.drop();
      report.tokenFor(null);
      if (endedElsewhere) tellSessionEnded();
    } else if (!actionRunning) {
      // A returning visitor or a refreshed Firebase session: a fresh API token with it.
      await keeper.mint(firebaseUser);
      report.tokenFor(firebaseUser.uid);
    }
  }

  /** Follows Firebase's word with the loaded module (once: later calls do nothing until stopped). */
  function watch(firebaseAuth: FirebaseAuthModule) {
    if (stopWatching) return;
    // Firebase may still call a listener it was asked to drop; a stopped watch ignores it.
    let stopped = false;
    const unsubscribe = firebaseAuth.watchAuthState((user) => {
      if (!stopped) void onAuthChange(user);
    });
    stopWatching = () => {
      stopped = true;
      unsubscribe();
    };
  }

  async function endSession() {
    const { signOutOfFirebase } = await loadFirebaseAuth();
    // This browser stops getting the member's pushes while their API token still works
    // (ADR 81): the next person here must not be shown them.
    const holder = keeper.holder;
    if (holder) await import('@/lib/push/push-device').then(({ forgetPushHere }) => forgetPushHere(holder.uid));
    keeper.follow(null);
    await signOutOfFirebase();
    rememberSignedIn(false);
    keeper.drop();
    report.tokenFor(null);
    report.user(null);
    // Nothing private outlives the session: neither the answers kept on this browser nor the
    // member's passes and requests in memory.
    keepOfflineFor(null);
    queryClient.removeQueries({ queryKey: queryKeys.profile.all });
    queryClient.removeQueries({ queryKey: queryKeys.passes.all });
    queryClient.removeQueries({ queryKey: queryKeys.requests.all });
    // Public data carries per-user fields (liked, mine): load it again as a visitor.
    void queryClient.invalidateQueries();
  }

  return {
    /**
     * Follows the session: loads Firebase Auth now when someone may be signed in here and when
     * another tab signs in, renews the API token when the API refuses it, and ends the session
     * (with the dialog) when that renewal fails. Returns the function that stops all of it.
     */
    start() {
      let active = true;
      const stopFollowingHint = followSignedInHint(() => {
        loadFirebaseAuth()
          .then((firebaseAuth) => active && watch(firebaseAuth))
          .catch((error) => {
            console.error('Could not load sign-in', error);
            report.authKnown();
          });
      });
      const stopServingRenewals = keeper.serveRenewals();
      const stopListening = onSessionEnded(() => tellSessionEnded(endSession));
      return () => {
        active = false;
        stopFollowingHint();
        stopServingRenewals();
        stopListening();
        stopWatching?.();
        stopWatching = null;
      };
    },

    /**
     * Runs a sign-in, then POST /jwt, POST /users and the profile, in that order. If saving the
     * user fails the sign-in rejects with that error, and the profile is still asked for, so
     * the dashboard shows the failure with "Try again" and "Log out" rather than waiting for ever.
     */
    async signInWith(signIn: (auth: FirebaseAuthModule) => Promise<FirebaseUser>): Promise<SignedIn> {
      actionRunning = true;
      try {
        const firebaseAuth = await loadFirebaseAuth();
        // A first sign-in in this browser: follow the session from now on.
        watch(firebaseAuth);
        const firebaseUser = await signIn(firebaseAuth);
        keeper.follow(firebaseUser);
        keepOfflineFor(firebaseUser.uid);
        const sessionUser = toSessionUser(firebaseUser);
        report.user(sessionUser);
        await keeper.mint(firebaseUser);
        try {
          const saved = await saveUserRecord(sessionUser);
          return { ...sessionUser, newAccount: saved === 'created' };
        } finally {
          report.tokenFor(firebaseUser.uid);
          await queryClient.invalidateQueries();
        }
      } finally {
        actionRunning = false;
      }
    },

    endSession,
  };
}
