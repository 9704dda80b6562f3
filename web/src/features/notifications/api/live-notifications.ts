// The bell's live data: the user's newest notifications and, for admins, how many requests
// wait to be served. Marking read is the one write the site makes to Firestore itself: the
// rules let the owner set `readAt` to the time of the write, once (docs/security.md).
import { doc, serverTimestamp, updateDoc, type Firestore, type QueryDocumentSnapshot } from 'firebase/firestore';
import type { NotificationKind, UserNotification } from '@hostelhub/contracts';
import { notificationsQuery, pendingRequestsQuery } from '@/lib/live/live-queries';
import { isoOf } from '@/lib/live/live-rows';
import { useLiveQuery } from '@/lib/live/use-live-query';

export function notificationFrom(snapshot: QueryDocumentSnapshot): UserNotification {
  // A readAt just written locally counts as read before the server confirms it.
  const data = snapshot.data({ serverTimestamps: 'estimate' });
  return {
    id: snapshot.id,
    kind: String(data.kind ?? '') as NotificationKind,
    title: String(data.title ?? ''),
    body: String(data.body ?? ''),
    link: typeof data.link === 'string' ? data.link : null,
    createdAt: isoOf(data.createdAt),
    readAt: isoOf(data.readAt),
  };
}

/** The user's newest notifications (notificationListLimit of them), newest first. */
export const useLiveNotifications = (uid: string | null) =>
  useLiveQuery(uid ? `notifications:${uid}` : null, (db) => notificationsQuery(db, uid ?? ''), notificationFrom);

/** Counted up to this many; more show as "100+". */
export const pendingCountCap = 100;

/** How many requests are pending (admins only; null otherwise or while unknown). */
export function useLivePendingCount(isAdmin: boolean) {
  const live = useLiveQuery(
    isAdmin ? 'requests:pending-count' : null,
    (db) => pendingRequestsQuery(db, pendingCountCap + 1),
    (snapshot) => snapshot.id,
  );
  return live.rows ? live.rows.length : null;
}

/**
 * Marks notifications read. Each is its own write: one already marked elsewhere (another tab)
 * is refused by the rules without holding back the others.
 */
export async function markNotificationsRead(db: Firestore, uid: string, ids: string[]) {
  await Promise.allSettled(
    ids.map((id) => updateDoc(doc(db, 'users', uid, 'notifications', id), { readAt: serverTimestamp() })),
  );
}
