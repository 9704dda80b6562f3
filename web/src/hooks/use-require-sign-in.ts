import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginRedirectState, useSession, type ResumeAction } from '@/lib/auth';
import { paths } from '@/lib/paths';

type SignInReason = {
  /** Shown on the sign-in page: "Sign in to request Pho Noodle Soup". */
  reason?: string;
  /** Offered again once the visitor is back. */
  resume?: ResumeAction;
};

/**
 * For actions that need an account: returns the signed-in user, or sends a visitor to
 * /login (to come back here afterwards, told why) and returns null.
 */
export function useRequireSignIn() {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (why: SignInReason = {}) => {
      if (user) return user;
      navigate(paths.login, { state: loginRedirectState(location, why) });
      return null;
    },
    [user, navigate, location],
  );
}
