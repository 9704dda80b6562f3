import { createContext, useContext } from 'react';
import type { UserProfile } from '@hostelhub/contracts';
import type { FirebaseUser } from './firebase-auth';

/** The signed-in person as the identity platform knows them. */
export type SessionUser = {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  /** Whether the owner has followed the emailed link (paid actions need it: receipts go there). */
  emailVerified: boolean;
};

export const toSessionUser = ({ uid, email, displayName, photoURL, emailVerified }: FirebaseUser): SessionUser => ({
  uid,
  email,
  displayName,
  photoURL,
  emailVerified,
});

/** A finished sign-in; `newAccount` is false for a returning user (their record existed). */
export type SignedIn = SessionUser & { newAccount: boolean };

export type SignUpInput = { name: string; email: string; password: string; photoURL?: string | null };

export type Session = {
  user: SessionUser | null;
  /** True until the stored sign-in is known, and while a sign-in, sign-up or logout runs. */
  loading: boolean;
  /** The user's record from GET /api/user (role, badge, membership); null when signed out. */
  profile: UserProfile | null;
  /** True while a signed-in user's profile is not loaded yet. */
  profileLoading: boolean;
  /** Why the signed-in user's profile could not be saved or loaded; null otherwise. */
  profileError: Error | null;
  /** Loads the profile again (after profileError, or after a change). */
  refreshProfile: () => Promise<void>;
  signUp: (input: SignUpInput) => Promise<SignedIn>;
  logIn: (email: string, password: string) => Promise<SignedIn>;
  logInWithGoogle: () => Promise<SignedIn>;
  logInWithFacebook: () => Promise<SignedIn>;
  sendPasswordReset: (email: string) => Promise<void>;
  updateUserProfile: (changes: { displayName?: string | null; photoURL?: string | null }) => Promise<void>;
  /** Emails the signed-in user a link that verifies their address (Firebase Auth sends it). */
  sendEmailVerification: () => Promise<void>;
  /** Asks Firebase Auth again whether the address is verified now (after the link); updates `user`. */
  checkEmailVerified: () => Promise<boolean>;
  /**
   * Signs in again (the password; a Google or Facebook account in its pop-up) and answers the
   * new Firebase ID token, for an action the API allows only after a recent sign-in (ADR 75).
   */
  freshIdToken: (password: string) => Promise<string>;
  /**
   * Signs out, removes the stored token and shows the logout dialogs; `quiet`: no dialog, the
   * caller says what happened (an account just closed).
   */
  logOut: (options?: { quiet?: boolean }) => Promise<void>;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
