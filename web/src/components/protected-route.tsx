import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginRedirectState, useSession } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { PageLoader } from './spinner';

/** Signed-in users only; a visitor goes to /login and comes back here afterwards. */
export function ProtectedRoute({ children }: { children?: ReactNode }) {
  const { user, loading } = useSession();
  const location = useLocation();
  if (loading && !user) return <PageLoader label="Checking your sign-in" />;
  if (!user) return <Navigate to={paths.login} replace state={loginRedirectState(location)} />;
  return children ?? <Outlet />;
}
