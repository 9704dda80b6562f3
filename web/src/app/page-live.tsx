import { createContext, startTransition, use, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSession } from '@/lib/auth';

/**
 * What start.tsx does once the page is live (lift the server markup's inert markers, or carry
 * over what the visitor typed into a prerendered form), and how the page was taken over:
 * `hydrates` when React took server markup over, not drawn over a page built ahead.
 */
export type PageTakeOver = { onLive: () => void; hydrates: boolean };

export const OnPageLive = createContext<PageTakeOver | null>(null);

/**
 * Rendered after the page, inside the layout's Suspense: a server-rendered page is taken over
 * in two steps (the layout, then the page inside its Suspense), and its buttons may only go
 * live once the page's own part has been taken over too. They also wait until it is known who
 * is there. While hydrating, the session is the server's (a visitor); the render after it
 * knows whether this browser may hold a session and waits for it. A Like clicked in between
 * took a signed-in member for a visitor and sent them to sign in.
 */
export function PageLive() {
  const takeOver = use(OnPageLive);
  const { loading } = useSession();
  // A hydrated page goes live from the render after its take-over, set in a transition: read
  // through useSyncExternalStore, whose server value differs, the flip made React render and
  // commit again at once, in the task of the take-over's effects, a long one on a phone
  // (issue 54); its buttons stay inert until then. A page drawn over a prerendered one goes
  // live in its first commit: that commit swaps the form's fields, and what was typed into
  // them must be carried over before the live form can be sent.
  const [afterTakeOver, setAfterTakeOver] = useState(!takeOver?.hydrates);
  useEffect(() => {
    if (!afterTakeOver) startTransition(() => setAfterTakeOver(true));
  }, [afterTakeOver]);
  const wentLive = useRef(false);
  useLayoutEffect(() => {
    if (loading || !afterTakeOver || wentLive.current) return;
    wentLive.current = true;
    takeOver?.onLive();
  }, [takeOver, loading, afterTakeOver]);
  return null;
}
