// The reads a public page makes first, for the server that renders it with its data
// (src/prerender.tsx): the same query options the page's components read, so the answers land
// under the same keys and the page, taking over in the browser, asks for none of them again.
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { publicPageList, type RenderedPageName } from '@hostelhub/contracts';
import { mealQueryOptions } from '@/features/meals/api/get-meal';
import { mealsByCategoryQueryOptions } from '@/features/meals/api/get-meals-by-category';
import { mealFiltersFrom, mealsQueryOptions } from '@/features/meals/api/get-meals';
import { ApiRequestError } from '@/lib/api-client';
import { menuHallFrom, menuWeekStartFrom } from '@/features/menu/lib/week-start';
import { hallsQueryOptions } from '@/domain/halls/halls';
import { mealServingsQueryOptions, menuQueryOptions, todayMenuQueryOptions } from '@/lib/menu-query';
import { packagesQueryOptions } from '@/lib/packages-query';
import { upcomingMealsQueryOptions } from '@/lib/upcoming-meals-query';

/** What the page's first reads found: `missing` when the page's subject does not exist (404). */
export type FirstReads = { missing: boolean };

/**
 * The path with each segment decoded, as the router matches it (an encoded "/" stays one
 * segment: matchPath decodes it in the param); a segment that is not valid percent-encoding is
 * kept as it came, and names no meal.
 */
function decodedPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll('/', '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

type FirstReadsOf = (
  queryClient: QueryClient,
  url: URL,
  params: Record<string, string | undefined>,
) => Promise<FirstReads>;

const found: FirstReads = { missing: false };

/**
 * Each page's first reads, by its name in the public page table (the pages the `pages` function
 * draws per request). A page drawn at build time reads nothing before it runs.
 */
export const firstReadsOf: Record<RenderedPageName, FirstReadsOf> = {
  home: async (queryClient) => {
    await Promise.all([
      queryClient.prefetchQuery(mealsByCategoryQueryOptions('')),
      queryClient.prefetchQuery(packagesQueryOptions()),
      queryClient.prefetchQuery(todayMenuQueryOptions()),
    ]);
    return found;
  },
  meals: async (queryClient, { searchParams }) => {
    await queryClient.prefetchInfiniteQuery(mealsQueryOptions(mealFiltersFrom(searchParams)));
    return found;
  },
  'upcoming-meals': async (queryClient) => {
    await queryClient.prefetchInfiniteQuery(upcomingMealsQueryOptions());
    return found;
  },
  menu: async (queryClient, { searchParams }) => {
    // The hall picker and, for `?hall=`, that hall's week (ADR 72).
    const halls = await queryClient.fetchQuery(hallsQueryOptions()).catch(() => undefined);
    await queryClient.prefetchQuery(
      menuQueryOptions(menuWeekStartFrom(searchParams), undefined, menuHallFrom(searchParams, halls?.halls)),
    );
    return found;
  },
  meal: async (queryClient, _url, { mealId = '' }) => {
    try {
      await Promise.all([
        queryClient.fetchQuery(mealQueryOptions(mealId)),
        queryClient.prefetchQuery(mealServingsQueryOptions(mealId)),
        // Its servings name their hall once there are several (ADR 72).
        queryClient.prefetchQuery(hallsQueryOptions()),
        // The hostel's time zone, for the servings' times.
        queryClient.prefetchQuery(todayMenuQueryOptions()),
      ]);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) return { missing: true };
    }
    return found;
  },
};

/**
 * Makes the first reads of the page at `url` into `queryClient`. A read that fails leaves its
 * query out, so the browser makes it again; a meal that does not exist makes the page a 404.
 */
export async function loadFirstReads(queryClient: QueryClient, url: URL): Promise<FirstReads> {
  const pathname = decodedPath(url.pathname);
  for (const page of publicPageList) {
    const match = matchPath(page.path, pathname);
    if (match && page.drawn === 'per-request') {
      return firstReadsOf[page.name as RenderedPageName](queryClient, url, match.params);
    }
  }
  return found;
}
