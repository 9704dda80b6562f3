// Where each history entry of the site was scrolled to, for ScrollRestoration (root layout).
import type { Location } from 'react-router';

/** Where ScrollRestoration keeps the positions (sessionStorage). */
export const scrollStorageKey = 'hostelhub-scroll-positions';

/**
 * The first history entry of every page load has the key 'default', so ScrollRestoration's
 * default keys would hand a fresh load the position saved by an earlier one (a deep scroll on
 * /meals, then opening / in a new load, landed halfway down). This page load's own key for
 * that entry keeps Back and Forward restoring positions, and starts every fresh load at the top.
 */
const thisLoad = `load-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
export const scrollKey = (location: Location) => (location.key === 'default' ? thisLoad : location.key);

/**
 * A visitor may scroll a rendered page before the site takes it over (its scripts come after
 * its content, ADR 0039); taking over must not send them back to the top. Called just before:
 * where they scrolled to becomes this load's saved position, which ScrollRestoration restores.
 */
export function keepScrollOfThisLoad() {
  if (window.scrollY === 0) return;
  try {
    const saved = JSON.parse(sessionStorage.getItem(scrollStorageKey) ?? '{}') as Record<string, number>;
    sessionStorage.setItem(scrollStorageKey, JSON.stringify({ ...saved, [thisLoad]: window.scrollY }));
  } catch {
    // No session storage (a private mode that refuses it): the page starts at the top, as before.
  }
}
