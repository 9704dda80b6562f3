import { createContext, use, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/auth';

/**
 * What main.tsx does once the page is live: lift the server markup's inert markers, or carry
 * over what the visitor typed into a prerendered form.
 */
export const OnPageLive = createContext<(() => void) | null>(null);

const subscribeToNothing = () => () => {};

/**
 * Rendered after the page, inside the layout's Suspense: a server-rendered page is taken over
 * in two steps (the layout, then the page inside its Suspense), and its buttons may only go
 * live once the page's own part has been taken over too. They also wait until it is known who
 * is there. While hydrating, the session is the server's (a visitor); the render after it
 * knows whether this browser may hold a session and waits for it. A Like clicked in between
 * took a signed-in member for a visitor and sent them to sign in.
 */
export function PageLive() {
  const onLive = use(OnPageLive);
  const { loading } = useSession();
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  const wentLive = useRef(false);
  useLayoutEffect(() => {
    if (loading || hydrating || wentLive.current) return;
    wentLive.current = true;
    onLive?.();
  }, [onLive, loading, hydrating]);
  return null;
}
