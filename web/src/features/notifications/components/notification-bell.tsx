import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { UserNotification } from '@hostelhub/contracts';
import { BellIcon } from '@/components/bell-icon';
import { LiveStatusNote } from '@/components/live-status-note';
import { usePopover } from '@/hooks/use-popover';
import { formatRelativeTime } from '@/lib/format';
import type { LiveStatus } from '@/lib/live/live-status';
import { paths } from '@/lib/paths';

type NotificationBellProps = {
  /** Newest first; undefined while loading. */
  notifications: UserNotification[] | undefined;
  status: LiveStatus;
  /** Admins: pending requests (counted up to `pendingCap`, above it "N+"); null for others. */
  pendingRequests?: number | null;
  pendingCap?: number;
  /** The list was opened while these were unread. */
  onOpen: (unreadIds: string[]) => void;
};

/** A site path only (`/dashboard/...`): anything else stored in `link` is not followed. */
const sitePath = (link: string | null) => (link && /^\/(?![/\\])/.test(link) ? link : null);

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

function pendingText(count: number, cap: number) {
  const shown = count > cap ? `${cap}+` : String(count);
  return `${shown} ${plural(count, 'request', 'requests')} waiting`;
}

/**
 * The header's bell: a badge with the number of things waiting for the user (unread
 * notifications, and for an admin the requests waiting to be served; none when there are
 * none), and one panel listing them: the waiting requests first, then the notifications, opened with the button (Enter, Space or a click) and
 * closed with Escape (focus returns to the button) or a click outside. Titles and bodies are
 * shown as text. Opening it reports the unread ones, which the caller marks read; they stay
 * marked "New" while the panel is open.
 */
export function NotificationBell({
  notifications,
  status,
  pendingRequests = null,
  pendingCap = 100,
  onOpen,
}: NotificationBellProps) {
  const [openedWithUnread, setOpenedWithUnread] = useState<Set<string> | null>(null);
  const open = openedWithUnread !== null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  const unread = notifications?.filter((notification) => !notification.readAt) ?? [];
  const unreadCount = unread.length;
  const waiting = pendingRequests ?? 0;
  const badgeCount = unreadCount + waiting;
  const label = [
    'Notifications',
    unreadCount > 0 ? `${unreadCount} unread` : null,
    pendingRequests ? pendingText(pendingRequests, pendingCap) : null,
  ]
    .filter(Boolean)
    .join(', ');

  const close = useCallback(() => setOpenedWithUnread(null), []);
  const { rootRef, triggerProps, panelProps } = usePopover(open, close);
  // Opened: focus moves into the panel, so Tab goes on to its links.
  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [open]);

  const toggle = () => {
    if (open) return close();
    const ids = unread.map((notification) => notification.id);
    setOpenedWithUnread(new Set(ids));
    onOpen(ids);
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        {...triggerProps}
        aria-label={label}
        onClick={toggle}
        className="relative inline-flex rounded-full p-2 text-stone-600 hover:bg-stone-100"
      >
        <BellIcon />
        {badgeCount > 0 && (
          // The button's name says the same in words ("2 unread, 3 requests waiting").
          <span
            aria-hidden="true"
            data-testid="bell-badge"
            className="absolute top-0.5 right-0.5 flex min-w-5 items-center justify-center rounded-full bg-brand px-1 text-xs leading-5 font-bold text-white ring-2 ring-white"
          >
            {badgeCount > 9 ? '9+' : badgeCount}
          </span>
        )}
      </button>
      {open && (
        <section
          {...panelProps}
          aria-labelledby={headingId}
          className="fixed inset-x-2 top-16 z-30 max-h-[70vh] overflow-y-auto rounded-xl border border-stone-200 bg-white p-3 shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:w-96"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <h2
              id={headingId}
              tabIndex={-1}
              ref={headingRef}
              className="text-base font-semibold text-stone-900 focus:outline-none"
            >
              Notifications
            </h2>
            {status === 'paused' && <LiveStatusNote status={status} />}
          </div>
          {waiting > 0 && (
            <p className="mb-2 rounded-lg bg-orange-50 px-3 py-2 text-sm" data-testid="requests-waiting">
              <Link to={paths.dashboard.serveMeals} onClick={close} className="font-medium text-orange-700 underline">
                {pendingText(waiting, pendingCap)}
              </Link>
            </p>
          )}
          <NotificationList
            notifications={notifications}
            status={status}
            isNew={openedWithUnread}
            onFollow={close}
            emptyText={
              pendingRequests === null
                ? 'No notifications yet.'
                : waiting > 0
                  ? 'No other notifications.'
                  : 'No requests waiting and no notifications yet.'
            }
          />
        </section>
      )}
    </div>
  );
}

function NotificationList({
  notifications,
  status,
  isNew,
  onFollow,
  emptyText,
}: {
  notifications: UserNotification[] | undefined;
  status: LiveStatus;
  isNew: Set<string> | null;
  onFollow: () => void;
  /** What an empty list says, given what else the panel shows. */
  emptyText: string;
}) {
  if (!notifications) {
    return (
      <p className="px-1 py-3 text-sm text-stone-600">
        {status === 'paused' ? 'Notifications cannot be loaded right now.' : 'Loading notifications…'}
      </p>
    );
  }
  if (notifications.length === 0) return <p className="px-1 py-3 text-sm text-stone-600">{emptyText}</p>;
  return (
    <ul className="divide-y divide-stone-100">
      {notifications.map((notification) => {
        const link = sitePath(notification.link);
        const fresh = isNew?.has(notification.id) ?? false;
        return (
          <li key={notification.id} className={`rounded-lg px-2 py-2 ${fresh ? 'bg-orange-50' : ''}`}>
            <p className="font-medium text-stone-900">
              {link ? (
                <Link to={link} onClick={onFollow} className="hover:text-orange-700 hover:underline">
                  {notification.title}
                </Link>
              ) : (
                notification.title
              )}
            </p>
            {notification.body && <p className="text-sm text-stone-700">{notification.body}</p>}
            <p className="mt-1 text-xs text-stone-500">
              {notification.createdAt && (
                <time dateTime={notification.createdAt}>{formatRelativeTime(notification.createdAt)}</time>
              )}
              {fresh && <span className="ml-2 font-semibold text-orange-700">New</span>}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
