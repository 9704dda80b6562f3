// The people tests sign in as: a student, the same student holding Gold, and an admin, as
// GET /api/user returns them.
import type { Session, SessionUser } from '@/lib/auth';
import { defaultEmailPreferences, type Membership, type UserProfile } from '@hostelhub/contracts';

/** A Gold membership paid until far ahead, as GET /api/user answers it. */
export const goldMembership: Membership = {
  packageId: 'gold',
  packageName: 'Gold',
  status: 'active',
  currentPeriodEnd: '2099-01-15T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  subscriptionId: 'sub_gold',
};

export const studentProfile: UserProfile = {
  _id: 'uid-student',
  role: 'student',
  badge: 'Bronze',
  membership: null,
  numberOfMeals: 0,
  name: 'Sam Student',
  email: 'student@hostelhub.test',
  photoURL: null,
  diet: { avoid: [], diets: [] },
  leaveCreditCents: 0,
  emailPreferences: defaultEmailPreferences,
  homeHallId: null,
  nextHall: null,
  hallIds: [],
};

/** The student with a Gold membership. */
export const memberProfile: UserProfile = { ...studentProfile, badge: 'Gold', membership: goldMembership };

export const adminProfile: UserProfile = {
  ...studentProfile,
  _id: 'uid-admin',
  role: 'admin',
  numberOfMeals: 7,
  name: 'Ada Admin',
  email: 'admin@hostelhub.test',
};

/** The identity-platform user behind a profile. */
export const userFor = (profile: UserProfile): SessionUser => ({
  uid: profile._id,
  email: profile.email,
  displayName: profile.name,
  photoURL: profile.photoURL,
  emailVerified: true,
});

const rejectNotMocked = (name: string) => () => Promise.reject(new Error(`${name} is not mocked in this test`));

/**
 * A session signed in with `profile` (signed out for null). Sign-in actions fail unless a
 * test passes its own; any field can be overridden.
 */
export function sessionFor(profile: UserProfile | null, overrides: Partial<Session> = {}): Session {
  return {
    user: profile ? userFor(profile) : null,
    loading: false,
    profile,
    profileLoading: false,
    profileError: null,
    refreshProfile: vi.fn(async () => {}),
    signUp: vi.fn(rejectNotMocked('signUp')),
    logIn: vi.fn(rejectNotMocked('logIn')),
    logInWithGoogle: vi.fn(rejectNotMocked('logInWithGoogle')),
    logInWithFacebook: vi.fn(rejectNotMocked('logInWithFacebook')),
    sendPasswordReset: vi.fn(rejectNotMocked('sendPasswordReset')),
    updateUserProfile: vi.fn(rejectNotMocked('updateUserProfile')),
    sendEmailVerification: vi.fn(rejectNotMocked('sendEmailVerification')),
    checkEmailVerified: vi.fn(async () => true),
    freshIdToken: vi.fn(rejectNotMocked('freshIdToken')),
    logOut: vi.fn(async () => {}),
    ...overrides,
  };
}

/** A visitor's session, or the student's with `signedIn`. */
export const fakeSession = ({ signedIn, ...overrides }: Partial<Session> & { signedIn?: boolean } = {}) =>
  sessionFor(signedIn ? studentProfile : null, overrides);
