import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { publicPageList } from '@hostelhub/contracts';
import { lazyPage } from '../lazy-page';

// Each page is its own chunk: a visitor's first page loads only itself. The pages' modules, by
// their path under web/ as the table names them (Vite makes each a lazy chunk).
const pageModules = import.meta.glob<Record<string, ComponentType>>([
  '/src/features/*/pages/*.tsx',
  '!/src/features/*/pages/*.test.tsx',
]);

/** The module loader of a page the table names; a name no module has fails the build's tests. */
function moduleOf(module: string) {
  const load = pageModules[`/${module}`];
  if (!load) throw new Error(`The public page table names ${module}, which is not a page module`);
  return load;
}

/**
 * Home, meals, meal detail, upcoming meals, the menu, login, register and the footer's pages,
 * from the public page table (packages/contracts/src/public-pages.ts; the 404 page:
 * app/router.tsx).
 */
export const publicRoutes: RouteObject[] = publicPageList.map((page) => {
  const load = moduleOf(page.module);
  const Component = lazyPage(() => load().then((module) => module[page.component]!));
  return page.path === '/' ? { index: true, Component } : { path: page.path.slice(1), Component };
});
