// Every Firebase Auth call the site makes. Loaded with `import()` by the session provider,
// so the Auth SDK arrives after the first page has rendered.
import {
  EmailAuthProvider,
  FacebookAuthProvider,
  GoogleAuthProvider,
  createUserWithEmailAndPassword,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type User,
} from 'firebase/auth';
import { getFirebaseAuth } from '@/lib/firebase';

export type { User as FirebaseUser };

/**
 * Calls `listener` with the signed-in user (or null) on sign-in and sign-out, and again each
 * time Firebase refreshes the user's ID token, so the API token can be renewed with it.
 */
export const watchAuthState = (listener: (user: User | null) => void) => onIdTokenChanged(getFirebaseAuth(), listener);

export async function signUpWithEmail(name: string, email: string, password: string, photoURL?: string | null) {
  const { user } = await createUserWithEmailAndPassword(getFirebaseAuth(), email, password);
  // The Auth emulator refuses a null photo URL; leave it out when there is none.
  await updateProfile(user, photoURL ? { displayName: name, photoURL } : { displayName: name });
  return user;
}

export const signInWithEmail = async (email: string, password: string) =>
  (await signInWithEmailAndPassword(getFirebaseAuth(), email, password)).user;

export const signInWithGoogle = async () => (await signInWithPopup(getFirebaseAuth(), new GoogleAuthProvider())).user;

export const signInWithFacebook = async () =>
  (await signInWithPopup(getFirebaseAuth(), new FacebookAuthProvider())).user;

export const requestPasswordReset = (email: string) => sendPasswordResetEmail(getFirebaseAuth(), email);

/** Emails the signed-in user Firebase's link that verifies their address. */
export async function sendVerificationEmail() {
  const user = getFirebaseAuth().currentUser;
  if (!user) throw new Error('Please log in first.');
  await sendEmailVerification(user);
}

/** The signed-in user as Firebase Auth knows them now (a link followed elsewhere shows here). */
export async function reloadCurrentUser() {
  const user = getFirebaseAuth().currentUser;
  if (!user) throw new Error('Please log in first.');
  await reload(user);
  return user;
}

export async function updateCurrentProfile(changes: { displayName?: string | null; photoURL?: string | null }) {
  const user = getFirebaseAuth().currentUser;
  if (!user) throw new Error('Please log in first.');
  await updateProfile(user, changes);
  return user;
}

/**
 * Signs the signed-in user in again and answers their new ID token, whose `auth_time` is now:
 * what the API asks before an action that needs a recent sign-in (closing the account, ADR 75).
 * A password account confirms with `password`; one made with Google or Facebook, in that
 * provider's pop-up (the password is not used).
 */
export async function freshIdToken(password: string): Promise<string> {
  const user = getFirebaseAuth().currentUser;
  if (!user) throw new Error('Please log in first.');
  const providers = user.providerData.map((provider) => provider.providerId);
  if (providers.includes(EmailAuthProvider.PROVIDER_ID) || providers.length === 0) {
    // Firebase's own code for an empty password, so the message says what is missing.
    if (!password) throw Object.assign(new Error('Please enter your password.'), { code: 'auth/missing-password' });
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email ?? '', password));
  } else if (providers.includes(GoogleAuthProvider.PROVIDER_ID)) {
    await reauthenticateWithPopup(user, new GoogleAuthProvider());
  } else {
    await reauthenticateWithPopup(user, new FacebookAuthProvider());
  }
  return user.getIdToken(true);
}

export const signOutOfFirebase = () => signOut(getFirebaseAuth());
