import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { routes } from '@hostelhub/contracts';
import type { Page, UpcomingMeal } from '@hostelhub/contracts';
import { fetchEndpoint } from './api-client';
import { pagedListOptions } from './paged-list';
import { queryKeys } from './query-keys';

/**
 * GET /api/upcoming-meals, a page at a time (the API's page size; the first page's URL is
 * the one the prerendered page asks for early). The public page and the admin's list share
 * it; with a token each meal says whether the caller liked it.
 */
export const upcomingMealsQueryOptions = () =>
  pagedListOptions(queryKeys.upcomingMeals, (cursor, signal) =>
    fetchEndpoint(routes.upcomingMeals, { query: { cursor }, signal }),
  );

export const useUpcomingMeals = () => useInfiniteQuery(upcomingMealsQueryOptions());

/** The loaded pages with one meal changed, for a mutation's answer. */
export const withUpcomingMeal = (
  data: InfiniteData<Page<UpcomingMeal>> | undefined,
  mealId: string,
  change: (meal: UpcomingMeal) => UpcomingMeal,
): InfiniteData<Page<UpcomingMeal>> | undefined =>
  data && {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((meal) => (meal._id === mealId ? change(meal) : meal)),
    })),
  };
