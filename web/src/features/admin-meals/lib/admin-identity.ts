import type { Session } from '@/lib/auth';

/** The admin's name and email as the meal forms show them (read-only; the server uses its own). */
export const adminIdentity = ({ user, profile }: Session) => ({
  adminName: user?.displayName || profile?.name || '',
  adminEmail: user?.email || profile?.email || '',
});
