// Users whose profile is written straight to Firestore, so a test can give them any role,
// badge or membership without going through the payment flow.
import { Timestamp } from 'firebase-admin/firestore';
import { call, createAccount, db, uniqueEmail, type TestUser } from './emulators.js';

type DirectUserOptions = {
  role?: 'student' | 'staff' | 'admin';
  badge?: 'Bronze' | 'Silver' | 'Gold' | 'Platinum';
  /** A package name such as 'Gold' gives the user that membership; null or absent: none. */
  membership?: 'Silver' | 'Gold' | 'Platinum' | null;
  /** Overrides of the membership's stored fields (status, currentPeriodEnd as a Timestamp, ...). */
  membershipFields?: Record<string, unknown>;
  name?: string;
  email?: string;
  photoURL?: string | null;
};

export const dayMs = 86_400_000;

type DirectUser = TestUser & { name: string };

/** An Auth-emulator account with an API token (createAccount), and `users/{uid}` written directly. */
export async function createUserDirect(options: DirectUserOptions = {}): Promise<DirectUser> {
  const name = options.name ?? 'Test User';
  const account = await createAccount(options.email ?? uniqueEmail(options.role ?? 'student'), 'password123', name);
  await db.doc(`users/${account.uid}`).set({
    name,
    email: account.email,
    photoURL: options.photoURL ?? null,
    role: options.role ?? 'student',
    badge: options.badge ?? options.membership ?? 'Bronze',
    membership: options.membership
      ? {
          packageId: options.membership.toLowerCase(),
          packageName: options.membership,
          status: 'active',
          currentPeriodEnd: Timestamp.fromMillis(Date.now() + 20 * dayMs),
          cancelAtPeriodEnd: false,
          subscriptionId: null,
          ...options.membershipFields,
        }
      : null,
    createdAt: Timestamp.now(),
  });
  return { ...account, name };
}

/** Several users, for races between different people (made one by one: setup is not the race). */
export async function createUsersDirect(count: number, options: DirectUserOptions = {}): Promise<DirectUser[]> {
  const users: DirectUser[] = [];
  for (let index = 0; index < count; index++) users.push(await createUserDirect(options));
  return users;
}

/** PATCH /users/{uid}/role as `caller`: the API's answer. */
export const changeRoleAs = (caller: { token: string }, uid: string, role: NonNullable<DirectUserOptions['role']>) =>
  call('changeRole', { params: { uid }, token: caller.token, body: { role } });

/** The role stored on `users/{uid}`. */
export const roleOf = async (uid: string) => (await db.doc(`users/${uid}`).get()).get('role');
