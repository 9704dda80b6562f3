// The header's bell for a signed-in user, loaded with `import()` so that visitors never
// download it (nor Firestore and reactfire, which it brings).
import { useCallback, useContext } from 'react';
import { FirestoreSdkContext } from 'reactfire';
import { useSession } from '@/lib/auth';
import { LiveDataProvider } from '@/lib/live/live-data-provider';
import {
  markNotificationsRead,
  pendingCountCap,
  useLiveNotifications,
  useLivePendingCount,
} from '../api/live-notifications';
import { useNoticeFromLink } from '../api/notice-from-link';
import { NotificationBell } from './notification-bell';

function LiveNotificationBell() {
  const { user, profile } = useSession();
  const uid = user?.uid ?? null;
  const db = useContext(FirestoreSdkContext);
  const notifications = useLiveNotifications(uid);
  const pendingRequests = useLivePendingCount(profile?.role === 'admin');
  // An email's link names its bell entry: the same notification, read in one place or the other.
  const markFromLink = useCallback(
    (id: string) => {
      if (db && uid) void markNotificationsRead(db, uid, [id]);
    },
    [db, uid],
  );
  useNoticeFromLink(db && uid ? markFromLink : null);
  return (
    <NotificationBell
      notifications={notifications.rows}
      status={notifications.status}
      pendingRequests={pendingRequests}
      pendingCap={pendingCountCap}
      onOpen={(unreadIds) => {
        if (db && uid && unreadIds.length > 0) void markNotificationsRead(db, uid, unreadIds);
      }}
    />
  );
}

export default function LiveBell() {
  return (
    <LiveDataProvider>
      <LiveNotificationBell />
    </LiveDataProvider>
  );
}
