import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import { makeMeal } from '@/testing/meals';
import { renderRoutes } from '@/testing/render';
import { onEndpoint, recordQueries, server } from '@/testing/server';
import { MealsPage } from './meals';

const routes = [{ path: '/meals', Component: MealsPage }];

/** Serves `count` meals six at a time with cursors, recording every query string. */
function serveMeals(count: number) {
  const all = Array.from({ length: count }, (_, index) =>
    makeMeal({ _id: `m${index + 1}`, title: `Meal number ${index + 1}` }),
  );
  return recordQueries(endpoints.meals, (query) => {
    const start = Number(query.get('cursor') ?? 0);
    const limit = Number(query.get('limit'));
    const meals = all.slice(start, start + limit);
    const end = start + meals.length;
    return HttpResponse.json({ meals, total: all.length, nextCursor: end < all.length ? String(end) : null });
  });
}

test('filters become query parameters of the meals call', async () => {
  const requests = serveMeals(3);
  const { router } = renderRoutes({ routes, path: '/meals?search=chicken' });
  expect(await screen.findByText('Meal number 1')).toBeInTheDocument();
  expect(requests[0]!.get('search')).toBe('chicken');
  expect(requests[0]!.get('limit')).toBe('6');
  expect(screen.getByLabelText('Search')).toHaveValue('chicken');

  await userEvent.selectOptions(screen.getByLabelText('Category'), 'Lunch');
  await userEvent.selectOptions(screen.getByLabelText('Price range'), '$30-$60');
  await waitFor(() => {
    const last = requests.at(-1)!;
    expect(last.get('category')).toBe('Lunch');
    expect(last.get('priceRange')).toBe('30-60');
    expect(last.get('search')).toBe('chicken');
  });
  expect(router.state.location.search).toBe('?search=chicken&category=Lunch&priceRange=30-60');
});

test('the result count is shown: all of them, and how many are listed so far', async () => {
  serveMeals(14);
  renderRoutes({ routes, path: '/meals' });
  expect(await screen.findByTestId('meal-count')).toHaveTextContent(/^14 meals · showing (6|12)$/);
});

test('one result reads "1 meal"', async () => {
  serveMeals(1);
  renderRoutes({ routes, path: '/meals' });
  expect(await screen.findByTestId('meal-count')).toHaveTextContent(/^1 meal$/);
});

test('typing a search reloads the list with it', async () => {
  const requests = serveMeals(2);
  renderRoutes({ routes, path: '/meals' });
  await screen.findByText('Meal number 1');
  await userEvent.type(screen.getByLabelText('Search'), 'pho');
  await waitFor(() => expect(requests.at(-1)!.get('search')).toBe('pho'));
});

test('pages load until the last one, then the end text shows', async () => {
  const requests = serveMeals(14);
  renderRoutes({ routes, path: '/meals' });
  expect(await screen.findByText('No more meals to load.')).toBeInTheDocument();
  expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(14);
  expect(requests.map((params) => params.get('cursor'))).toEqual([null, '6', '12']);
});

test('no match shows the empty state', async () => {
  serveMeals(0);
  renderRoutes({ routes, path: '/meals?category=Dinner' });
  expect(await screen.findByText('No Meals Found')).toBeInTheDocument();
  expect(screen.queryByText('No more meals to load.')).not.toBeInTheDocument();
});

test('an unreachable API shows an error with a retry', async () => {
  server.use(onEndpoint(endpoints.meals, () => HttpResponse.json({ message: 'Service unavailable' }, { status: 503 })));
  renderRoutes({ routes, path: '/meals' });
  expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
  serveMeals(1);
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Meal number 1')).toBeInTheDocument();
});

test('a server that ran out of time shows "Try again in a moment" with a button that loads the list again', async () => {
  let answers = 0;
  server.use(
    onEndpoint(endpoints.meals, () => {
      answers += 1;
      if (answers === 1) {
        return HttpResponse.json(
          { message: 'Try again in a moment' },
          { status: 503, headers: { 'Retry-After': '5' } },
        );
      }
      return HttpResponse.json({ meals: [makeMeal({ _id: 'm1', title: 'Back again' })], total: 1, nextCursor: null });
    }),
  );
  renderRoutes({ routes, path: '/meals' });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Try again in a moment');
  await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Back again')).toBeInTheDocument();
  expect(answers).toBe(2);
});
