// The emails the tests read: the `mail` documents one user was sent, and a user whose address
// is verified (only those are written to).
import { markEmailVerified, db } from './emulators.js';
import { createUserDirect } from './users.js';

/** The hostel's time zone, as the schedules read it. */
export const zone = process.env.HOSTEL_TIME_ZONE || 'Europe/London';

/** The `mail` documents written to `uid`, oldest first. */
export async function mailOf(uid: string): Promise<Record<string, any>[]> {
  const snapshot = await db.collection('mail').where('uid', '==', uid).get();
  return snapshot.docs
    .map((doc): Record<string, any> => ({ id: doc.id, ...doc.data() }))
    .sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis());
}

/** A user (createUserDirect) whose email address is verified on the Auth emulator. */
export async function verifiedUser(options: Parameters<typeof createUserDirect>[0] = {}) {
  const user = await createUserDirect(options);
  await markEmailVerified(user.uid);
  return user;
}
