// Where each history entry of the site was scrolled to: Back and Forward return there, a new
// page starts at the top, a fresh load where the browser put it (root layout).
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

/** Where the positions are kept (sessionStorage), so a reload's Back still finds them. */
export const scrollStorageKey = 'hostelhub-scroll-positions';

/**
 * The first history entry of every page load has the key 'default', so keyed by it, a fresh
 * load would be handed the position saved by an earlier one (a deep scroll on /meals, then
 * opening / in a new load, landed halfway down). This page load's own key for that entry keeps
 * Back and Forward restoring positions, and starts every fresh load at the top.
 */
const thisLoad = `load-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
export const scrollKey = (location: Pick<Location, 'key'>) => (location.key === 'default' ? thisLoad : location.key);

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(scrollStorageKey) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePositions(positions: Record<string, number>) {
  try {
    sessionStorage.setItem(scrollStorageKey, JSON.stringify(positions));
  } catch {
    // No session storage (a private mode that refuses it): positions last as long as the page.
  }
}

/**
 * A visitor may scroll a rendered page before the site takes it over (its scripts come after
 * its content, ADR 0039); taking over must not send them back to the top. Called just before:
 * where they scrolled to becomes this load's saved position, which the layout restores.
 */
export function keepScrollOfThisLoad() {
  if (window.scrollY === 0) return;
  savePositions({ ...savedPositions(), [thisLoad]: window.scrollY });
}

/** The element id a `#hash` names; a hash that does not decode is taken as it is written. */
function hashTarget(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * Keeps each entry's position while the visitor is on it, and on each change of address
 * scrolls: back to where an entry was on Back/Forward, to the top on a new page (or to its
 * `#hash`), and nowhere on the first render (a fresh load is left to the browser) or when only
 * the query or state of the same page changed.
 */
export function useScrollPositions() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const key = scrollKey(location);
  const positions = useRef<Record<string, number> | null>(null);
  // The entry a scroll belongs to: switched before the new page is scrolled, so the old
  // entry keeps the position the visitor left it at.
  const currentKey = useRef(key);
  const first = useRef(true);
  const lastPathname = useRef(location.pathname);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      positions.current = { ...(positions.current ??= savedPositions()), [currentKey.current]: window.scrollY };
    };
    const persist = () => {
      remember();
      savePositions(positions.current ?? {});
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = key;
    positions.current ??= savedPositions();
    savePositions(positions.current);
    const saved = positions.current[key];
    if (first.current) {
      first.current = false;
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    const samePage = lastPathname.current === location.pathname;
    lastPathname.current = location.pathname;
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    // New filters or state on the same page keep the visitor where they are (the home page
    // scrolls to its packages itself, then forgets that it was asked to).
    if (samePage && !location.hash) return;
    const target = location.hash ? document.getElementById(hashTarget(location.hash)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [key, navigationType, location.hash, location.pathname]);
}
