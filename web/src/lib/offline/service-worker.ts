// Registers the service worker (web/scripts/service-worker.mjs, ADR 79) once the page is live,
// in a built site only: the dev server and the tests have none. A new build's worker installs
// and waits; the banner (components/new-version-banner.tsx) offers the reload, and only the
// member's click makes it take over, so nothing reloads mid-action.
//
// The browser's own API rather than Workbox's window library: the few lines below are what
// this site used of it, and the library's 2 KB (gzip) came with every first visit's scripts.
import { newVersionWaiting } from './new-version';

/** The message Workbox's worker takes over on (generateSW with `skipWaiting: false`). */
export const skipWaitingMessage = { type: 'SKIP_WAITING' } as const;

export function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return Promise.resolve();
  const { serviceWorker } = navigator;
  let switching = false;
  /** A new version is installed and waits: offered, and told to take over on the word. */
  const offer = (worker: ServiceWorker) =>
    newVersionWaiting(() => {
      switching = true;
      worker.postMessage(skipWaitingMessage);
    });
  // The new version controls the page once it took over at the member's word: load it. A
  // first install (no worker controlled the page before) takes over nothing: no reload.
  serviceWorker.addEventListener('controllerchange', () => {
    if (switching) window.location.reload();
  });
  return serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      // A worker installed beside the one controlling this page: a new version. One may wait
      // already (installed on an earlier visit), or install while this page is open.
      if (registration.waiting && serviceWorker.controller) offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed' && serviceWorker.controller) offer(installing);
        });
      });
    })
    .catch((error: unknown) => {
      // The site works without it, only not offline (a browser that refuses workers, a private
      // window of some browsers): a note, not an error.
      console.info('The site works online only here:', error);
    });
}
