// React Router's data mode over the public page table, for `npm run bench -- --router-modes`
// only (docs/decisions/0070): the same pages as app/routes/public-routes.tsx, each a route
// whose `lazy` brings its component and, for a page drawn per request, a loader making the
// page's first reads (app/server-reads.ts) into the query client of the request or the
// browser. The site does not ship this.
import type { ComponentType } from 'react';
import { ScrollRestoration, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { publicPageList, type RenderedPageName } from '@hostelhub/contracts';
import { NotFoundPage } from '@/app/routes/not-found';
import { SiteFrame } from '@/app/layouts/root-layout';
import { RouteError } from '@/app/routes/route-error';

const pageModules = import.meta.glob<Record<string, ComponentType>>([
  '/src/features/*/pages/*.tsx',
  '!/src/features/*/pages/*.test.tsx',
]);

/** The site's frame (app/layouts/root-layout.tsx) with the router's scroll restoration. */
function DataRootLayout() {
  return (
    <SiteFrame>
      <ScrollRestoration />
    </SiteFrame>
  );
}

/** The query client a loader reads into: the request's on the server, the page's in the browser. */
export type QueryClientOf = (context: unknown) => QueryClient;

/** The public pages as data routes, from the table; the 404 page last. */
export function dataRoutes(queryClientOf: QueryClientOf): RouteObject[] {
  const pages: RouteObject[] = publicPageList.map((page) => {
    const load = pageModules[`/${page.module}`];
    if (!load) throw new Error(`The public page table names ${page.module}, which is not a page module`);
    const lazy = async () => {
      if (page.drawn !== 'per-request') return { Component: (await load())[page.component] };
      const [module, { firstReadsOf }] = await Promise.all([load(), import('@/app/server-reads')]);
      const reads = firstReadsOf[page.name as RenderedPageName];
      return {
        Component: module[page.component],
        loader: ({ request, params, context }: LoaderFunctionArgs) =>
          reads(queryClientOf(context), new URL(request.url), params),
      };
    };
    return page.path === '/' ? { index: true, lazy } : { path: page.path.slice(1), lazy };
  });
  return [
    {
      id: 'root',
      element: <DataRootLayout />,
      errorElement: <RouteError />,
      children: [...pages, { path: '*', Component: NotFoundPage }],
    },
  ];
}
