import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { mealsPageSize, routes } from '@hostelhub/contracts';
import { fetchEndpoint } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** As the URL holds them: `freeFrom` is a comma-separated list of allergen keys. */
export type MealFilters = { search: string; category: string; priceRange: string; diet: string; freeFrom: string };

/** The filters a /meals address holds (absent ones are ''). */
export const mealFiltersFrom = (params: URLSearchParams): MealFilters => ({
  search: params.get('search') ?? '',
  category: params.get('category') ?? '',
  priceRange: params.get('priceRange') ?? '',
  diet: params.get('diet') ?? '',
  freeFrom: params.get('freeFrom') ?? '',
});

type PageParam = { page: number; cursor: string | null };

/** GET /api/meals, six at a time, each page continuing from the previous page's cursor. */
export const mealsQueryOptions = (filters: MealFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.meals.list(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchEndpoint(routes.meals, {
        query: {
          page: pageParam.page,
          limit: mealsPageSize,
          search: filters.search.trim(),
          category: filters.category,
          priceRange: filters.priceRange,
          diet: filters.diet,
          freeFrom: filters.freeFrom,
          cursor: pageParam.cursor,
        },
        auth: false,
        signal,
      }),
    initialPageParam: { page: 1, cursor: null } as PageParam,
    getNextPageParam: (lastPage, pages): PageParam | undefined => {
      const loaded = pages.reduce((count, page) => count + page.meals.length, 0);
      if (!lastPage.nextCursor || loaded >= lastPage.total) return undefined;
      return { page: pages.length + 1, cursor: lastPage.nextCursor };
    },
  });

export const useMealsList = (filters: MealFilters) => useInfiniteQuery(mealsQueryOptions(filters));
