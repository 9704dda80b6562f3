import type { SignedIn } from '@/lib/auth';
import { showSuccess } from '@/lib/dialogs';

/**
 * The dialog after a sign-in (spec section 8): 'Account Created Successful' only when /register
 * really created the account; a returning user (POST /users answered 400) is welcomed back,
 * on /register too.
 */
export function showWelcome(signedIn: SignedIn, page: 'login' | 'register') {
  if (page === 'register' && signedIn.newAccount) return showSuccess('Account Created Successful');
  return showSuccess('Welcome back', 'You login successfully');
}
