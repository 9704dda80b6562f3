import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { PageLoader } from './spinner';

/**
 * Admins only, or with `staffToo` kitchen staff as well (the counter, the kitchen view, Serve
 * Meals). The role comes from the profile, so this waits for it before deciding; the API
 * checks the role again on every call.
 */
export function AdminRoute({ children, staffToo = false }: { children?: ReactNode; staffToo?: boolean }) {
  const { user, loading, profile, profileLoading } = useSession();
  if ((loading && !user) || (user && profileLoading)) return <PageLoader label="Checking your access" />;
  const allowed = profile?.role === 'admin' || (staffToo && profile?.role === 'staff');
  if (!user || !allowed) return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}
