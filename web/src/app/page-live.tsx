import { createContext, use, useLayoutEffect } from 'react';

/**
 * What main.tsx does once the page is live: lift the server markup's inert markers, or carry
 * over what the visitor typed into a prerendered form.
 */
export const OnPageLive = createContext<(() => void) | null>(null);

/**
 * Rendered after the page, inside the layout's Suspense: a server-rendered page is taken over
 * in two steps (the layout, then the page inside its Suspense), and its buttons may only go
 * live once the page's own part has been taken over too.
 */
export function PageLive() {
  const onLive = use(OnPageLive);
  useLayoutEffect(() => onLive?.(), [onLive]);
  return null;
}
