import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserNotification } from '@hostelhub/contracts';
import type { LiveStatus } from '@/lib/live/live-status';
import { locationProbe, renderRoutes } from '@/testing/render';
import { NotificationBell } from './notification-bell';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const notification = (id: string, overrides: Partial<UserNotification> = {}): UserNotification => ({
  id,
  kind: 'request-served',
  title: 'Your meal was served',
  body: 'Lentil Soup is ready.',
  link: '/dashboard/requested-meal',
  createdAt: minutesAgo(5),
  readAt: null,
  ...overrides,
});

function renderBell(props: {
  notifications: UserNotification[] | undefined;
  status?: LiveStatus;
  pendingRequests?: number | null;
}) {
  const onOpen = vi.fn();
  const Bell = () => (
    <div>
      <NotificationBell status="live" onOpen={onOpen} {...props} />
      <button type="button">Elsewhere</button>
    </div>
  );
  const view = renderRoutes({
    routes: [{ path: '/', Component: Bell }],
    path: '/',
    extraRoutes: [locationProbe('/dashboard/requested-meal'), locationProbe('/dashboard/serve-meals')],
  });
  return { ...view, onOpen };
}

describe('the notification bell', () => {
  it('counts the unread ones in its name and shows the badge only then', async () => {
    const view = renderBell({
      notifications: [notification('n1'), notification('n2', { readAt: minutesAgo(1) })],
    });
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('1');
    view.unmount();

    renderBell({ notifications: [notification('n2', { readAt: minutesAgo(1) })] });
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument();
  });

  it('opens from the keyboard, reports the unread ones and closes with Escape', async () => {
    const user = userEvent.setup();
    const { onOpen } = renderBell({
      notifications: [notification('n1'), notification('n2', { title: 'Older news', readAt: minutesAgo(1) })],
    });
    const bell = screen.getByRole('button', { name: 'Notifications, 1 unread' });
    await user.tab();
    expect(bell).toHaveFocus();
    await user.keyboard('{Enter}');

    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(onOpen).toHaveBeenCalledExactlyOnceWith(['n1']);
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Your meal was served');
    expect(items[0]).toHaveTextContent('Lentil Soup is ready.');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[0]).toHaveTextContent('New');
    expect(items[1]).not.toHaveTextContent('New');

    // Focus is in the panel: Tab reaches its links.
    await user.tab();
    expect(within(items[0]!).getByRole('link', { name: 'Your meal was served' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('follows a notification to its page and closes', async () => {
    const user = userEvent.setup();
    renderBell({ notifications: [notification('n1')] });
    await user.click(screen.getByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(screen.getByRole('link', { name: 'Your meal was served' }));
    expect(await screen.findByText('Landed on /dashboard/requested-meal')).toBeInTheDocument();
  });

  it('shows titles and bodies as text, never as markup, and follows site paths only', async () => {
    const user = userEvent.setup();
    renderBell({
      notifications: [
        notification('n1', {
          title: '<img src=x onerror="alert(1)">',
          body: '<b>bold</b>',
          link: 'javascript:alert(1)',
        }),
        notification('n2', { title: 'Elsewhere', link: '//evil.example/path' }),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Notifications, 2 unread' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(within(panel).getByText('<img src=x onerror="alert(1)">')).toBeInTheDocument();
    expect(within(panel).getByText('<b>bold</b>')).toBeInTheDocument();
    expect(panel.querySelector('img, b')).toBeNull();
    expect(within(panel).queryAllByRole('link')).toEqual([]);
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    renderBell({ notifications: [] });
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('No notifications yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('shows an admin the requests waiting in the badge and first in one panel, with a link to Serve Meals', async () => {
    const user = userEvent.setup();
    renderBell({ notifications: [], pendingRequests: 3 });
    const bell = screen.getByRole('button', { name: 'Notifications, 3 requests waiting' });
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('3');
    await user.click(bell);
    const panel = screen.getByRole('region', { name: 'Notifications' });
    // One story: what waits, then that nothing else is new; never "No notifications yet" under it.
    expect(panel).toHaveTextContent('3 requests waitingNo other notifications.');
    expect(within(panel).queryByText('No notifications yet.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '3 requests waiting' }));
    expect(await screen.findByText('Landed on /dashboard/serve-meals')).toBeInTheDocument();
  });

  it('adds the unread notifications to the waiting requests in the badge', () => {
    renderBell({ notifications: [notification('n1'), notification('n2')], pendingRequests: 3 });
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread, 3 requests waiting' })).toBeInTheDocument();
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('5');
  });

  it('tells an admin with nothing waiting so in one line, and shows no badge', async () => {
    const user = userEvent.setup();
    renderBell({ notifications: [], pendingRequests: 0 });
    expect(screen.queryByTestId('bell-badge')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('region', { name: 'Notifications' });
    expect(panel).toHaveTextContent(/^NotificationsNo requests waiting and no notifications yet\.$/);
  });

  it('says so while loading, and when live updates are paused', async () => {
    const user = userEvent.setup();
    const view = renderBell({ notifications: undefined, status: 'connecting' });
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByText('Loading notifications…')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    view.unmount();

    renderBell({ notifications: [notification('n1', { readAt: minutesAgo(1) })], status: 'paused' });
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByRole('status')).toHaveTextContent('Live updates paused');
    expect(screen.getByText('Your meal was served')).toBeInTheDocument();
  });
});
