// The reads a public page makes first, for the server that renders it with its data
// (src/prerender.tsx): the same query options the page's components read, so the answers land
// under the same keys and the page, taking over in the browser, asks for none of them again.
import type { QueryClient } from '@tanstack/react-query';
import { mealQueryOptions } from '@/features/meals/api/get-meal';
import { mealsByCategoryQueryOptions } from '@/features/meals/api/get-meals-by-category';
import { mealFiltersFrom, mealsQueryOptions } from '@/features/meals/api/get-meals';
import { ApiRequestError } from '@/lib/api-client';
import { menuWeekStartFrom } from '@/features/menu/lib/week-start';
import { mealServingsQueryOptions, menuQueryOptions, todayMenuQueryOptions } from '@/lib/menu-query';
import { packagesQueryOptions } from '@/lib/packages-query';
import { paths } from '@/lib/paths';
import { upcomingMealsQueryOptions } from '@/lib/upcoming-meals-query';

/** What the page's first reads found: `missing` when the page's subject does not exist (404). */
export type FirstReads = { missing: boolean };

/**
 * Makes the first reads of the page at `url` into `queryClient`. A read that fails leaves its
 * query out, so the browser makes it again; a meal that does not exist makes the page a 404.
 */
export async function loadFirstReads(queryClient: QueryClient, url: URL): Promise<FirstReads> {
  const { pathname, searchParams } = url;
  if (pathname === paths.home) {
    await Promise.all([
      queryClient.prefetchQuery(mealsByCategoryQueryOptions('')),
      queryClient.prefetchQuery(packagesQueryOptions()),
      queryClient.prefetchQuery(todayMenuQueryOptions()),
    ]);
    return { missing: false };
  }
  if (pathname === paths.meals) {
    await queryClient.prefetchInfiniteQuery(mealsQueryOptions(mealFiltersFrom(searchParams)));
    return { missing: false };
  }
  if (pathname === paths.upcomingMeals) {
    await queryClient.prefetchInfiniteQuery(upcomingMealsQueryOptions());
    return { missing: false };
  }
  if (pathname === paths.menu) {
    await queryClient.prefetchQuery(menuQueryOptions(menuWeekStartFrom(searchParams)));
    return { missing: false };
  }
  const meal = /^\/meal\/([^/]+)$/.exec(pathname);
  if (meal) {
    const mealId = decodeURIComponent(meal[1]!);
    try {
      await Promise.all([
        queryClient.fetchQuery(mealQueryOptions(mealId)),
        queryClient.prefetchQuery(mealServingsQueryOptions(mealId)),
        // The hostel's time zone, for the servings' times.
        queryClient.prefetchQuery(todayMenuQueryOptions()),
      ]);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) return { missing: true };
    }
  }
  return { missing: false };
}
