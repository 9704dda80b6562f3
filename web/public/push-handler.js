// Push messages in the service worker (ADR 81), loaded by dist/sw.js (web/scripts/service-worker.mjs).
// FCM delivers each message as a push event whose JSON carries `data`, as the API sends it
// (functions/src/features/push/deliver.ts): the notice's id, title, body and site path. Shown
// tagged with the notice's id, so a message delivered twice shows once; a click opens its
// page in a window of the site, or a new one.

/** The message's data, or null when it is not one of ours. */
function noticeOf(event) {
  let payload = null;
  try {
    payload = event.data ? event.data.json() : null;
  } catch {
    return null;
  }
  const data = payload && typeof payload === 'object' ? (payload.data ?? payload) : null;
  if (!data || typeof data.title !== 'string' || typeof data.noticeId !== 'string') return null;
  // Only a path of this site is opened: never another origin.
  const link = typeof data.link === 'string' && /^\/(?!\/)/.test(data.link) ? data.link : '/dashboard';
  return { id: data.noticeId, title: data.title, body: typeof data.body === 'string' ? data.body : '', link };
}

self.addEventListener('push', (event) => {
  const notice = noticeOf(event);
  if (!notice) return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.id,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { link: notice.link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.link ?? '/dashboard', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
