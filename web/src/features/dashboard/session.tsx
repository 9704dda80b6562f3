// The dashboard reads the signed-in user and their profile through this one hook, so the
// pages do not care how the session is provided.
import { createContext, useContext } from 'react';

export type SessionUser = {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
};

export type Membership = { packageId?: string; packageName: string; since?: string | null } | null;

export type Profile = {
  role: 'student' | 'admin';
  badge: string;
  membership: Membership;
  numberOfMeals: number;
  name: string;
  email: string;
  photoURL: string | null;
};

export type DashboardSession = {
  user: SessionUser | null;
  loading: boolean;
  profile: Profile | null;
  profileLoading: boolean;
  refreshProfile: () => Promise<unknown> | void;
};

const anonymous: DashboardSession = {
  user: null,
  loading: false,
  profile: null,
  profileLoading: false,
  refreshProfile: () => undefined,
};

export const DashboardSessionContext = createContext<DashboardSession>(anonymous);

export function useDashboardSession(): DashboardSession {
  return useContext(DashboardSessionContext);
}
