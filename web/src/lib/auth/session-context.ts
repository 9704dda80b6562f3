import { createContext, useContext } from 'react';
import type { UserProfile } from '@hostelhub/contracts';

/** The signed-in person as the identity platform knows them. */
export type SessionUser = {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
};

export type SignUpInput = { name: string; email: string; password: string; photoURL?: string | null };

export type Session = {
  user: SessionUser | null;
  /** True until the stored sign-in is known, and while a sign-in, sign-up or logout runs. */
  loading: boolean;
  /** The user's record from GET /api/user (role, badge, membership); null when signed out. */
  profile: UserProfile | null;
  /** True while a signed-in user's profile is not loaded yet. */
  profileLoading: boolean;
  refreshProfile: () => Promise<void>;
  signUp: (input: SignUpInput) => Promise<SessionUser>;
  logIn: (email: string, password: string) => Promise<SessionUser>;
  logInWithGoogle: () => Promise<SessionUser>;
  logInWithFacebook: () => Promise<SessionUser>;
  sendPasswordReset: (email: string) => Promise<void>;
  updateUserProfile: (changes: { displayName?: string | null; photoURL?: string | null }) => Promise<void>;
  /** Signs out, removes the stored token and shows the logout dialogs. */
  logOut: () => Promise<void>;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
