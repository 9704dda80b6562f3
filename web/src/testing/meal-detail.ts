import { http, HttpResponse } from 'msw';
import type { RouteObject } from 'react-router';
import { endpoints, type MealDetail } from '@hostelhub/contracts';
import { queryKeys } from '@/lib/query-keys';
import { makeMeal } from './meals';
import { fakeSession, renderRoutes } from './render';
import { onEndpoint, server } from './server';

/** The API's meal-01 with one review; `update` changes what the next read answers. */
export function serveMeal(overrides: Partial<MealDetail> = {}) {
  let meal: MealDetail = {
    ...makeMeal({ _id: 'meal-01', title: 'Pho Noodle Soup', ingredients: 'Rice noodles, Beef broth, Herbs', likes: 4 }),
    reviews: [
      {
        _id: 'r1',
        mealId: 'meal-01',
        userName: 'Mia Member',
        img: null,
        comment: 'Fragrant and warming.',
        rating: 5,
        timeStamp: new Date(Date.now() - 2 * 86_400_000).toISOString(),
        mine: false,
      },
    ],
    reviewsNextCursor: null,
    reviewed: false,
    liked: false,
    ...overrides,
  };
  server.use(http.get('*/api/meal/meal-01', () => HttpResponse.json(meal)));
  return { update: (changes: Partial<MealDetail>) => (meal = { ...meal, ...changes }) };
}

/**
 * Renders the meal page (in `routes`) signed in, with the dashboard's lists already cached as
 * if seen before; answers which of them were marked stale: my requests, served, my reviews.
 */
export function renderMealWithCachedLists(routes: RouteObject[]) {
  serveMeal();
  server.use(
    onEndpoint(endpoints.requestMeal, () => HttpResponse.json({ insertedId: 'x' }, { status: 201 })),
    onEndpoint(endpoints.addReview, () => HttpResponse.json({ modifiedCount: 1, insertedId: 'r2' }, { status: 201 })),
  );
  const { queryClient } = renderRoutes({ routes, path: '/meal/meal-01', session: fakeSession({ signedIn: true }) });
  const cachedLists = [queryKeys.requests.mine, queryKeys.requests.served.search(''), queryKeys.myReviews];
  for (const key of cachedLists) queryClient.setQueryData(key, { pages: [], pageParams: [] });
  return () => cachedLists.map((key) => queryClient.getQueryState(key)?.isInvalidated);
}
