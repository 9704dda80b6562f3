import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter, type RouteObject } from 'react-router';
import { rememberZoneOffsets } from '@hostelhub/contracts';
import { mayHoldSession } from '@/lib/auth/signed-in-hint';
import { env } from '@/lib/env';
import { followBrowserConnection } from '@/lib/offline/online';
import { registerServiceWorker } from '@/lib/offline/service-worker';
import { readServerData } from '@/lib/server-data';
import { OnPageLive, type PageTakeOver } from './app/page-live';
import { AppProvider, queryClientWith } from './app/provider';
import { prepareCurrentPage, SiteRoutes } from './app/router';
import { keepScrollOfThisLoad } from './app/scroll-position';
import { keepPrerenderedInput, liftInertMarkers, replayTypedInput } from './app/take-over-prerendered';

/** The site as both kinds of first render draw it: `takeOver.onLive` runs once the page is live. */
function site(areas: RouteObject[], takeOver: PageTakeOver, queryClient?: QueryClient): ReactNode {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <BrowserRouter>
          <OnPageLive value={takeOver}>
            <SiteRoutes initialAreas={areas} />
          </OnPageLive>
        </BrowserRouter>
      </AppProvider>
    </StrictMode>
  );
}

/**
 * Takes the page over (main.tsx calls it once this module and React are evaluated): hydrates
 * a page the server rendered with its data, or renders over a page built ahead.
 */
export function startSite(): void {
  const container = document.getElementById('root')!;
  const serverData = readServerData();
  followBrowserConnection();
  // The page's times are read with the zones' offsets the server handed over, rather than
  // with an Intl formatter, whose making loads the locale's data in one long task.
  for (const [zone, spans] of Object.entries(serverData?.zones ?? {})) {
    if (Array.isArray(spans)) rememberZoneOffsets(zone, spans);
  }
  if (serverData) takeOverRendered(container, serverData.queries);
  else takeOverPrerendered(container);
  // The service worker of a built site (ADR 79), once the page has loaded: its download of the
  // site's scripts never competes with the page's own. Its registration comes with the shell:
  // as a file of its own, its 0.6 KB cost a request and more gzip than inside the shell.
  if (env.builtSite) {
    const register = () => void registerServiceWorker();
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

function takeOverRendered(container: HTMLElement, queries: Parameters<typeof queryClientWith>[0]): void {
  // A public page the server rendered with its data (functions/src/features/pages): the
  // browser takes its markup over as it is (hydrates), with the same answers in the query
  // cache, so nothing is drawn or asked for twice. Rendered for a visitor: someone who may be
  // signed in here reads the same again with their token (liked, their places).
  const queryClient = queryClientWith(queries);
  // Once React has taken the markup over (not before: a click then would reach no handler),
  // its buttons go live and what was typed meanwhile reaches the page; then someone who may
  // be signed in reads their own flags.
  const afterTakeOver = () => {
    liftInertMarkers(container);
    replayTypedInput(container);
    if (mayHoldSession()) void queryClient.invalidateQueries();
  };
  void prepareCurrentPage().then((areas) => {
    keepScrollOfThisLoad();
    // In a transition, React takes the page over in slices of a few milliseconds, yielding to
    // the browser between them, rather than in one task that blocks the page for a tenth of
    // a second on a phone (the page is already drawn: nothing waits for this).
    startTransition(() => {
      hydrateRoot(container, site(areas, { onLive: afterTakeOver, hydrates: true }, queryClient), {
        // React repairs a page that differs from the server's by drawing it again; the e2e
        // suite fails on this message, so such a difference is seen.
        onRecoverableError: (error) => console.error('The page differed from the server’s markup', error),
      });
    });
  });
}

function takeOverPrerendered(container: HTMLElement): void {
  // Pages built ahead (web/scripts/prerender.mjs) carry no data: the first render replaces
  // that markup with the same page, live, keeping whatever the visitor typed into it meanwhile.
  const restoreInput = keepPrerenderedInput(container);
  void prepareCurrentPage().then((areas) => {
    keepScrollOfThisLoad();
    const root = createRoot(container);
    // In slices, as above: the prerendered page stays on screen until the live one replaces it.
    startTransition(() => {
      root.render(site(areas, { onLive: restoreInput, hydrates: false }));
    });
  });
}
