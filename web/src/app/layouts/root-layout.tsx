import { Outlet, ScrollRestoration, type Location } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The first history entry of every page load has the key 'default', so ScrollRestoration's
 * default keys would hand a fresh load the position saved by an earlier one (a deep scroll on
 * /meals, then opening / in a new load, landed halfway down). This page load's own key for
 * that entry keeps Back and Forward restoring positions, and starts every fresh load at the top.
 */
const thisLoad = `load-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
const scrollKey = (location: Location) => (location.key === 'default' ? thisLoad : location.key);

/** Header, page, footer. */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
