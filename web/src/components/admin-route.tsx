import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { PageLoader } from './spinner';

/** Admins only. The role comes from the profile, so this waits for it before deciding. */
export function AdminRoute({ children }: { children?: ReactNode }) {
  const { user, loading, profile, profileLoading } = useSession();
  if ((loading && !user) || (user && profileLoading)) return <PageLoader label="Checking your access" />;
  if (!user || profile?.role !== 'admin') return <Navigate to={paths.home} replace />;
  return children ?? <Outlet />;
}
