// The site rendered to HTML outside the browser, the same components either way:
// - at build time (web/scripts/prerender.mjs, `prerender`): a page's first view without data
//   (header, headings, static text, loading placeholders), for the pages built ahead;
// - per request (functions/src/features/pages, `renderPage`): a public page with the answers
//   of its first reads in the markup and handed to the browser's query cache, which takes the
//   page over (hydrates) instead of drawing it again (docs/decisions/0038).
import { dehydrate, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { setApiTransport, type ApiTransport } from '@/lib/api-client';
import { SessionProvider } from '@/lib/auth/session-provider';
import { documentTitle, TitleHeardProvider } from '@/lib/document-title';
import { inertMarker, serverDataJson, submitMarker, type ServerData } from '@/lib/server-data';
import { createQueryClient } from './app/provider';
import { preloadPages, routes, SiteRoutes } from './app/router';
import { loadFirstReads } from './app/server-reads';

export { serverDataElementId } from '@/lib/server-data';

/** The routes' markup for `url`, reading from `queryClient`, and the page's document title. */
async function renderRoutes(url: URL, queryClient: QueryClient): Promise<{ markup: string; title: string }> {
  // The page's own module first: rendered to a string, a page still loading would be its loader.
  await preloadPages(routes, url.pathname);
  let pageTitle: string | null = null;
  const markup = renderToString(
    <TitleHeardProvider value={(heard) => (pageTitle = heard)}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <StaticRouter location={`${url.pathname}${url.search}`}>
            <SiteRoutes />
          </StaticRouter>
        </SessionProvider>
      </QueryClientProvider>
    </TitleHeardProvider>,
  );
  return { markup, title: documentTitle(pageTitle) };
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

/** A page's first view without data, for the build, and its document title. */
export async function prerender(path: string): Promise<{ markup: string; title: string }> {
  const { markup, title } = await renderRoutes(new URL(path, 'http://prerender.invalid'), createQueryClient());
  return { markup: inertUntilLive(markup), title };
}

/**
 * A page rendered for a request: its status, its markup, its document title, the data the
 * browser takes over with, and whether a shared cache may keep it (not when a read failed: the
 * page then shows that read's error, and the browser tries it again).
 */
export type RenderedPage = { status: 200 | 404; markup: string; title: string; data: string | null; shared: boolean };

/**
 * Renders the public page at `url` (path and query) with its first reads made through
 * `transport` (the API in the server's own process). Always as a visitor: the HTML is shared
 * by the CDN, and the browser adds what is personal (liked, a member's places) once it runs.
 * A page whose meal does not exist renders its "not found" view with status 404 and no data,
 * so the browser draws it itself.
 */
export async function renderPage(url: URL, transport: ApiTransport): Promise<RenderedPage> {
  setApiTransport(transport);
  const queryClient = createQueryClient();
  // A read that failed here is drawn as failed (the 404 page), not as about to be tried again.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });
  const { missing } = await loadFirstReads(queryClient, url);
  const rendered = await renderRoutes(url, queryClient);
  const page = { markup: inertUntilLive(rendered.markup), title: rendered.title };
  if (missing) return { status: 404, ...page, data: null, shared: true };
  // A failed read is not handed over (its error cannot be), so the browser draws the page itself.
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error')
  ) {
    return { status: 200, ...page, data: null, shared: false };
  }
  const data: ServerData = { queries: dehydrate(queryClient) };
  return { status: 200, ...page, data: serverDataJson(data), shared: true };
}
