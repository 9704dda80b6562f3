import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { NewVersionBanner } from '@/components/new-version-banner';
import { PageLoader } from '@/components/spinner';
import { PageLive } from '../page-live';
import { useScrollPositions } from '../scroll-position';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, page, footer. */
export function RootLayout() {
  useScrollPositions();
  return <SiteFrame />;
}

/** The frame of every page: a skip link, the header, the page (`Outlet`), the footer, then `children`. */
export function SiteFrame({ children }: { children?: ReactNode }) {
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
        {/* A page whose chunk is still loading (a first visit to it). */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
          <PageLive />
        </Suspense>
      </main>
      <SiteFooter />
      <NewVersionBanner />
      {children}
    </div>
  );
}
