// Whether the browser has a connection, as TanStack Query's onlineManager follows it (the
// browser's online and offline events): queries wait rather than fail while it has none.
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);

/** True while the browser says it has a connection; the server draws pages online. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => onlineManager.isOnline(),
    () => true,
  );

/**
 * Follows the browser's word on its connection from the first render: TanStack Query assumes
 * a connection until an `offline` event, which a page opened with none never gets.
 */
export function followBrowserConnection(): void {
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  });
}
