import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { endpoints, type MealDetail } from '@hostelhub/contracts';
import { makeMeal } from '@/testing/meals';
import { renderRoutes } from '@/testing/render';
import { onEndpoint, server } from '@/testing/server';
import { routes } from './router';

// Every page names itself in the browser's tab and history (lib/page-head.ts), through
// the site's own routes and layout; a meal's page by the meal, once it has arrived.

const pancakes: MealDetail = {
  ...makeMeal({ _id: 'meal-01', title: 'Fluffy <Pancake> & Syrup' }),
  reviews: [],
  reviewsNextCursor: null,
  reviewed: false,
  liked: false,
};

beforeEach(() => {
  server.use(
    onEndpoint(endpoints.meals, () => HttpResponse.json({ meals: [makeMeal()], total: 1, nextCursor: null })),
    onEndpoint(endpoints.mealsByCategory, () => HttpResponse.json([makeMeal()])),
    onEndpoint(endpoints.upcomingMeals, () => HttpResponse.json({ items: [], nextCursor: null })),
    onEndpoint(endpoints.packages, () => HttpResponse.json([])),
    onEndpoint(endpoints.meal, ({ params }) =>
      params.id === pancakes._id
        ? HttpResponse.json(pancakes)
        : HttpResponse.json({ message: 'Meal not found' }, { status: 404 }),
    ),
  );
});

const titledPages: [string, string][] = [
  ['/meals', 'All Meals · HostelHub'],
  ['/meal/meal-01', 'Fluffy <Pancake> & Syrup · HostelHub'],
  ['/meal/no-such-meal', 'Meal not found · HostelHub'],
  ['/upcoming-meals', 'Upcoming Meals · HostelHub'],
  ['/menu', 'Menu · HostelHub'],
  ['/login', 'Login · HostelHub'],
  ['/register', 'Register · HostelHub'],
  ['/no-such-page', 'Page not found · HostelHub'],
];

/** GET /meal/{id} answered only when the test says: `asked` once the page has asked. */
function holdMealAnswer(respond: () => Response) {
  let send: (() => void) | null = null;
  server.use(
    onEndpoint(
      endpoints.meal,
      () =>
        new Promise<Response>((resolve) => {
          send = () => resolve(respond());
        }),
    ),
  );
  return { asked: () => send !== null, send: () => send!() };
}

describe('document titles', () => {
  it.each(titledPages)('%s is titled "%s"', async (path, title) => {
    renderRoutes({ routes, path });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('keeps the title the page’s HTML came with while the page’s data loads again', async () => {
    // A meal's 404 from the server carries no data: the browser reads the meal again.
    document.title = 'Meal not found · HostelHub';
    const answer = holdMealAnswer(() => HttpResponse.json({ message: 'Meal not found' }, { status: 404 }));
    renderRoutes({ routes, path: '/meal/no-such-meal' });
    await waitFor(() => expect(answer.asked()).toBe(true));
    expect(document.title).toBe('Meal not found · HostelHub');
    act(() => answer.send());
    expect(await screen.findByRole('heading', { level: 1, name: 'Meal not found' })).toBeInTheDocument();
    expect(document.title).toBe('Meal not found · HostelHub');
  });

  it('names a meal’s page only once the meal has arrived, and the home page by the site alone', async () => {
    const answer = holdMealAnswer(() => HttpResponse.json(pancakes));
    const { router } = renderRoutes({ routes, path: '/meals' });
    await waitFor(() => expect(document.title).toBe('All Meals · HostelHub'));
    await act(() => router.navigate('/meal/meal-01'));
    await waitFor(() => expect(answer.asked()).toBe(true));
    expect(document.title).toBe('HostelHub');
    act(() => answer.send());
    expect(await screen.findByRole('heading', { level: 1, name: pancakes.title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Fluffy <Pancake> & Syrup · HostelHub'));
    await act(() => router.navigate('/'));
    await waitFor(() => expect(document.title).toBe('HostelHub'));
  });
});
