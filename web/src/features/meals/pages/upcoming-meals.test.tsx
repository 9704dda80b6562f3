import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import { makeMeal } from '@/testing/meals';
import { fakeSession, locationProbe, renderRoutes, studentProfile } from '@/testing/render';
import { onEndpoint, recordQueries, server } from '@/testing/server';
import { UpcomingMealsPage } from './upcoming-meals';

const routes = [{ path: '/upcoming-meals', Component: UpcomingMealsPage }];
const goldSession = () => fakeSession({ signedIn: true, profile: { ...studentProfile, badge: 'Gold' } });

function serveUpcoming() {
  server.use(
    onEndpoint(endpoints.upcomingMeals, () =>
      HttpResponse.json({
        items: [
          { ...makeMeal({ _id: 'u1', title: 'Sushi Friday Platter', category: 'Dinner', likes: 1 }), liked: true },
          { ...makeMeal({ _id: 'u2', title: 'Belgian Waffle Bar', category: 'Breakfast', likes: 0 }), liked: false },
        ],
        nextCursor: null,
      }),
    ),
  );
}

test('a member likes an upcoming meal once; an already liked one reads Liked', async () => {
  serveUpcoming();
  const sent: unknown[] = [];
  server.use(
    onEndpoint(endpoints.likeUpcoming, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ modifiedCount: 1, likes: 1 });
    }),
  );
  renderRoutes({ routes, path: '/upcoming-meals', session: goldSession() });
  expect(await screen.findByRole('button', { name: 'Liked Sushi Friday Platter' })).toBeDisabled();
  const like = screen.getByRole('button', { name: 'Like Belgian Waffle Bar' });
  await userEvent.click(like);
  const liked = await screen.findByRole('button', { name: 'Liked Belgian Waffle Bar' });
  expect(liked).toBeDisabled();
  expect(within(liked.closest('article')!).getByTestId('like-count')).toHaveTextContent('1 like');
  expect(screen.queryByText('Premium Only')).not.toBeInTheDocument();
  expect(sent).toEqual([{ mealId: 'u2' }]);
});

test('Bronze users see Premium Only and are sent to the membership section', async () => {
  serveUpcoming();
  const { router } = renderRoutes({
    routes,
    path: '/upcoming-meals',
    session: fakeSession({ signedIn: true }),
    extraRoutes: [locationProbe('/')],
  });
  expect(await screen.findAllByText('Premium Only')).toHaveLength(2);
  await userEvent.click(screen.getByRole('button', { name: 'Like Belgian Waffle Bar' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  expect(router.state.location.state).toEqual({
    scrollTo: 'membership',
    wanted: { path: '/upcoming-meals', title: 'Belgian Waffle Bar' },
  });
});

test('loads the next page of upcoming meals from the cursor of the last one', async () => {
  const asked = recordQueries(endpoints.upcomingMeals, (query) =>
    query.get('cursor') === 'after-u1'
      ? HttpResponse.json({
          items: [{ ...makeMeal({ _id: 'u2', title: 'Belgian Waffle Bar' }), liked: false }],
          nextCursor: null,
        })
      : HttpResponse.json({
          items: [{ ...makeMeal({ _id: 'u1', title: 'Sushi Friday Platter' }), liked: false }],
          nextCursor: 'after-u1',
        }),
  );
  renderRoutes({ routes, path: '/upcoming-meals' });
  expect(await screen.findByRole('heading', { name: 'Belgian Waffle Bar' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Sushi Friday Platter' })).toBeInTheDocument();
  expect(asked.map((query) => query.get('cursor'))).toEqual([null, 'after-u1']);
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});
