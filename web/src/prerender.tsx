// Build-time only (web/scripts/prerender.mjs): renders a public page's first view (header,
// headings, the page's static text and its loading placeholders, footer) to HTML, so the
// page paints before any JavaScript or API call. Data is never prerendered: queries stay
// pending here and the site loads them in the browser as usual.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { SessionProvider } from '@/lib/auth/session-provider';
import { routes } from './app/router';

export async function prerender(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = new QueryClient();
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        {/* hydrate={false}: no inline script with router state (the CSP allows none). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SessionProvider>
    </QueryClientProvider>,
  );
}
