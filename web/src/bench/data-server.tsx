// The public pages rendered on the server by React Router's data mode (bench/data-routes.tsx),
// for `npm run bench -- --router-modes` only: what src/prerender.tsx's `renderPage` does, with
// the first reads made by the routes' loaders through `createStaticHandler`, and the page drawn
// by `StaticRouterProvider`. The router's hydration data travels in the page's data element
// (the site's policy runs no inline script), beside the query cache.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PageHead, RenderedPage } from '@hostelhub/contracts';
import { createQueryClient } from '@/app/provider';
import type { FirstReads } from '@/app/server-reads';
import { setApiTransport, type Transport } from '@/lib/api-client';
import { SessionProvider } from '@/lib/auth/session-provider';
import { documentTitle, HeadHeardProvider, type LinkPreview } from '@/lib/page-head';
import { pageAnswer } from '../prerender';
import { dataRoutes } from './data-routes';

const handler = createStaticHandler(dataRoutes((context) => (context as { queryClient: QueryClient }).queryClient));

/** The public page at `url` with its first reads made through `transport`, as renderPage does. */
export async function renderPage(url: URL, transport: Transport): Promise<RenderedPage> {
  setApiTransport(transport);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false } });
  const context = await handler.query(new Request(url), { requestContext: { queryClient } });
  if (context instanceof Response) throw new Error(`${url.pathname} answered ${context.status} before rendering`);
  let pageTitle: string | null = null;
  let preview: LinkPreview | null = null;
  const hear = (heard: { title?: string | null; preview?: LinkPreview | null }) => {
    if (heard.title !== undefined) pageTitle = heard.title;
    if (heard.preview !== undefined) preview = heard.preview;
  };
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <HeadHeardProvider value={hear}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </SessionProvider>
      </QueryClientProvider>
    </HeadHeardProvider>,
  );
  const head: PageHead = { title: documentTitle(pageTitle), preview };
  const reads = Object.values(context.loaderData) as (FirstReads | null)[];
  const hydration = { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors };
  return pageAnswer(
    { markup, head },
    queryClient,
    reads.some((read) => read?.missing === true),
    { router: hydration },
  );
}
