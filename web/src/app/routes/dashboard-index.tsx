import { Navigate } from 'react-router';
import { PageLoader } from '@/components/spinner';
import { useSession } from '@/lib/auth';
import { paths } from '@/lib/paths';

/** /dashboard: once the role is known, replace the entry with the admin's or the student's home. */
export function DashboardIndex() {
  const { loading, profile, profileLoading } = useSession();
  if (loading || profileLoading) return <PageLoader label="Opening your dashboard" />;
  const home =
    profile?.role === 'admin'
      ? paths.dashboard.adminProfile
      : profile?.role === 'staff'
        ? paths.dashboard.counter
        : paths.dashboard.myProfile;
  return <Navigate to={home} replace />;
}
