// Registers the service worker (web/scripts/service-worker.mjs, ADR 79) once the page is live,
// in a built site only: the dev server and the tests have none. A new build's worker installs
// and waits; the banner (components/new-version-banner.tsx) offers the reload, and only the
// member's click makes it take over, so nothing reloads mid-action.
import { Workbox } from 'workbox-window';
import { newVersionWaiting } from './new-version';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let switching = false;
  workbox.addEventListener('waiting', () => {
    newVersionWaiting(() => {
      switching = true;
      workbox.messageSkipWaiting();
    });
  });
  // The new version controls the page once it took over at the member's word: load it.
  workbox.addEventListener('controlling', () => {
    if (switching) window.location.reload();
  });
  // The site works without it, only not offline (a browser that refuses workers, a private
  // window of some browsers): a note, not an error.
  workbox.register().catch((error: unknown) => console.info('The site works online only here:', error));
}
