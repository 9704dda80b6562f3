import { Navigate, Outlet } from 'react-router';
import { useDashboardSession } from '../session';
import { ListLoading } from './list-states';

/** /dashboard: once the role is known, replace the entry with the admin's or the student's home. */
export function DashboardIndex() {
  const { loading, profile, profileLoading } = useDashboardSession();
  if (loading || profileLoading) return <ListLoading />;
  const home = profile?.role === 'admin' ? '/dashboard/admin-profile' : '/dashboard/my-profile';
  return <Navigate to={home} replace />;
}

/** Admin pages wait for the role, then send anyone but an admin to the home page. */
export function AdminOnly() {
  const { user, loading, profile, profileLoading } = useDashboardSession();
  if (loading || (user && profileLoading)) return <ListLoading />;
  if (profile?.role !== 'admin') return <Navigate to="/" replace />;
  return <Outlet />;
}
