import { ownValue } from '@hostelhub/contracts';

// Firebase reports errors as "Firebase: Error (auth/wrong-password)."; people get a sentence.
const messages: Record<string, string> = {
  'auth/invalid-credential': 'Incorrect email or password.',
  'auth/invalid-login-credentials': 'Incorrect email or password.',
  'auth/wrong-password': 'Incorrect email or password.',
  'auth/user-not-found': 'No account uses this email address.',
  'auth/invalid-email': 'That email address is not valid.',
  'auth/email-already-in-use': 'An account with this email address already exists.',
  'auth/weak-password': 'Password should be at least 6 characters.',
  'auth/missing-password': 'Please enter your password.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before signing in finished.',
  'auth/cancelled-popup-request': 'The sign-in window was closed before signing in finished.',
  'auth/popup-blocked': 'The browser blocked the sign-in window. Please allow pop-ups and try again.',
  // Also what an unreachable Google sign-in script (apis.google.com) ends in.
  'auth/internal-error': 'Sign-in could not finish. Check your connection and try again.',
  'auth/network-request-failed': 'Cannot reach the sign-in service. Check your connection and try again.',
  'auth/account-exists-with-different-credential':
    'An account already exists with this email address. Sign in with the method you used before.',
};

export function authErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? ownValue(messages, code) : undefined;
  if (known) return known;
  const message = error instanceof Error ? error.message : String(error);
  // An unexpected code stays in the text, so a report of it can be traced.
  return message.replace(/^Firebase:\s*/, '') || 'Something went wrong.';
}
