// A user's notifications as stored (users/{uid}/notifications), newest first.
import { db } from './emulators.js';

export async function notificationsOf(uid: string) {
  const snapshot = await db.collection(`users/${uid}/notifications`).orderBy('createdAt', 'desc').get();
  return snapshot.docs.map((doc) => ({ id: doc.id, ...doc.data() })) as Array<Record<string, any>>;
}

/** The kinds of a user's notifications, sorted: what a repeated delivery must not change. */
export const notificationKindsOf = async (uid: string) => (await notificationsOf(uid)).map((n) => n.kind).sort();
