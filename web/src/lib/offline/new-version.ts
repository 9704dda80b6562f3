// Whether a new build's service worker is installed and waiting (ADR 79), and the member's word
// to switch to it. Kept apart from service-worker.ts, which is loaded after the page is live:
// the banner reads this without it.
import { useSyncExternalStore } from 'react';

let switchToNewVersion: (() => void) | null = null;
const listeners = new Set<() => void>();

/** Called when a new version waits; `activate` makes it take over (the page then reloads). */
export function newVersionWaiting(activate: () => void): void {
  switchToNewVersion = activate;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once a new version waits for the member's word. */
export const useNewVersionReady = () =>
  useSyncExternalStore(
    subscribe,
    () => switchToNewVersion !== null,
    () => false,
  );

/** The member's word: the waiting version takes over and the page reloads into it. */
export function reloadIntoNewVersion(): void {
  const activate = switchToNewVersion;
  // Asked once: the banner goes while the new version takes over and the page reloads.
  switchToNewVersion = null;
  for (const listener of listeners) listener();
  activate?.();
}
