import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginRedirectState, useSession } from '@/lib/auth';

/**
 * For actions that need an account: returns the signed-in user, or sends a visitor to
 * /login (to come back here afterwards) and returns null.
 */
export function useRequireSignIn() {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (user) return user;
    navigate('/login', { state: loginRedirectState(location) });
    return null;
  }, [user, navigate, location]);
}
