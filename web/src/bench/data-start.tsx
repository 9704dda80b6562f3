// The page taken over by React Router's data mode (createBrowserRouter, RouterProvider, the
// routes of bench/data-routes.tsx), for `npm run bench -- --router-modes` only: what
// src/start.tsx does, with the router's hydration data from the page's data element and the
// current page's lazy routes resolved first, so the first render is the page itself.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { rememberZoneOffsets } from '@hostelhub/contracts';
import { OnPageLive } from '@/app/page-live';
import { AppProvider, createQueryClient, queryClientWith } from '@/app/provider';
import { keepPrerenderedInput, liftInertMarkers, replayTypedInput } from '@/app/take-over-prerendered';
import { mayHoldSession } from '@/lib/auth/signed-in-hint';
import { readServerData } from '@/lib/server-data';
import { dataRoutes } from './data-routes';

/** The lazy routes `routes` matches here, loaded into their route objects. */
async function resolveCurrentRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

export function startSite(): void {
  const container = document.getElementById('root')!;
  const serverData = readServerData() as (ReturnType<typeof readServerData> & { router?: HydrationState }) | null;
  for (const [zone, spans] of Object.entries(serverData?.zones ?? {})) {
    if (Array.isArray(spans)) rememberZoneOffsets(zone, spans);
  }
  const queryClient = serverData ? queryClientWith(serverData.queries) : createQueryClient();
  const routes = dataRoutes(() => queryClient);
  const onLive = serverData
    ? () => {
        liftInertMarkers(container);
        replayTypedInput(container);
        if (mayHoldSession()) void queryClient.invalidateQueries();
      }
    : keepPrerenderedInput(container);
  void resolveCurrentRoutes(routes).then(() => {
    const router = createBrowserRouter(routes, { hydrationData: serverData?.router });
    const site = (
      <StrictMode>
        <AppProvider queryClient={queryClient}>
          <OnPageLive value={{ onLive, hydrates: Boolean(serverData) }}>
            <RouterProvider router={router} />
          </OnPageLive>
        </AppProvider>
      </StrictMode>
    );
    startTransition(() => {
      if (serverData) hydrateRoot(container, site);
      else createRoot(container).render(site);
    });
  });
}
