// The site rendered to HTML outside the browser, the same components either way:
// - at build time (web/scripts/prerender.mjs, `prerender`): a page's first view without data
//   (header, headings, static text, loading placeholders), for the pages built ahead;
// - per request (functions/src/features/pages, `renderPage`): a public page with the answers
//   of its first reads in the markup and handed to the browser's query cache, which takes the
//   page over (hydrates) instead of drawing it again (docs/decisions/0038).
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { zoneOffsetSpans, zonesInUse, type PageHead, type RenderedPage } from '@hostelhub/contracts';
import { setApiTransport, type Transport } from '@/lib/api-client';
import { SessionProvider } from '@/lib/auth/session-provider';
import { documentTitle, HeadHeardProvider, type LinkPreview } from '@/lib/page-head';
import { inertMarker, serverDataJson, submitMarker, type ServerData } from '@/lib/server-data';
import { createQueryClient } from './app/provider';
import { preloadPages, routes, SiteRoutes } from './app/router';
import { loadFirstReads } from './app/server-reads';

export { serverDataElementId } from '@/lib/server-data';

/** The routes' markup for `url`, reading from `queryClient`, and what the page said of itself. */
async function renderRoutes(url: URL, queryClient: QueryClient): Promise<{ markup: string; head: PageHead }> {
  // The page's own module first: rendered to a string, a page still loading would be its loader.
  await preloadPages(routes, url.pathname);
  // A page says each once (lib/page-head.ts); the last word heard of each is the page's.
  let pageTitle: string | null = null;
  let preview: LinkPreview | null = null;
  const hear = (heard: { title?: string | null; preview?: LinkPreview | null }) => {
    if (heard.title !== undefined) pageTitle = heard.title;
    if (heard.preview !== undefined) preview = heard.preview;
  };
  const markup = renderToString(
    <HeadHeardProvider value={hear}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <StaticRouter location={`${url.pathname}${url.search}`}>
            <SiteRoutes />
          </StaticRouter>
        </SessionProvider>
      </QueryClientProvider>
    </HeadHeardProvider>,
  );
  return { markup, head: { title: documentTitle(pageTitle), preview } };
}

/**
 * Until the site runs, its buttons do nothing: they say so (aria-disabled, which also makes
 * browser automation wait for the live ones), and a form must not submit itself (a login form
 * would put the password in the address), so submit buttons are plain buttons. Each change is
 * marked, and the browser undoes exactly those once it has taken the markup over
 * (src/app/take-over-prerendered.ts).
 */
function inertUntilLive(markup: string): string {
  return markup
    .replaceAll('<button ', `<button aria-disabled="true" ${inertMarker} `)
    .replaceAll('type="submit"', `type="button" ${submitMarker}`);
}

/**
 * The offsets of every zone the page's times were read in, from a week before `now` (the
 * menu's week began up to six days ago; the CDN serves a page for minutes) to nine weeks
 * after it: the browser reads the same times with them and makes no Intl formatter while it
 * takes the page over (issue 43).
 */
function zoneOffsetsAround(now: number): ServerData['zones'] {
  const dayMs = 24 * 3_600_000;
  return Object.fromEntries(
    zonesInUse().map((zone) => [zone, zoneOffsetSpans(zone, now - 8 * dayMs, now + 63 * dayMs)]),
  );
}

/** A page's first view without data, for the build, and what its head says. */
export async function prerender(path: string): Promise<{ markup: string; head: PageHead }> {
  const { markup, head } = await renderRoutes(new URL(path, 'http://prerender.invalid'), createQueryClient());
  return { markup: inertUntilLive(markup), head };
}

/**
 * Renders the public page at `url` (path and query) with its first reads made through
 * `transport` (the API in the server's own process). Always as a visitor: the HTML is shared
 * by the CDN, and the browser adds what is personal (liked, a member's places) once it runs.
 * A page whose meal does not exist renders its "not found" view with status 404 and no data,
 * so the browser draws it itself.
 */
export async function renderPage(url: URL, transport: Transport): Promise<RenderedPage> {
  setApiTransport(transport);
  const queryClient = createQueryClient();
  // A read that failed here is drawn as failed (the 404 page), not as about to be tried again.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });
  const { missing } = await loadFirstReads(queryClient, url);
  const rendered = await renderRoutes(url, queryClient);
  return pageAnswer(rendered, queryClient, missing);
}

/**
 * A rendered page as the `pages` function answers it: 404 when a first read found nothing; drawn
 * but without data, and not shared, when a read failed (its error cannot be handed over, so the
 * browser draws the page itself); else with the queries' data, `extra` beside them.
 */
export function pageAnswer(
  rendered: { markup: string; head: PageHead },
  queryClient: QueryClient,
  missing: boolean,
  extra: object = {},
): RenderedPage {
  const page = { markup: inertUntilLive(rendered.markup), head: rendered.head };
  if (missing) return { status: 404, ...page, data: null, shared: true };
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error')
  ) {
    return { status: 200, ...page, data: null, shared: false };
  }
  const data: ServerData = { queries: dehydrate(queryClient), zones: zoneOffsetsAround(Date.now()), ...extra };
  return { status: 200, ...page, data: serverDataJson(data), shared: true };
}
