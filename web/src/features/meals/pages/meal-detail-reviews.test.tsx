// The reviews on a meal's page: writing one, who may, and paging through them.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import { dismissDialog, expectDialog } from '@/testing/dialogs';
import { renderMealWithCachedLists, serveMeal } from '@/testing/meal-detail';
import { fakeSession, locationProbe, renderRoutes } from '@/testing/render';
import { onEndpoint, server } from '@/testing/server';
import { MealDetailPage } from './meal-detail';

const routes = [{ path: '/meal/:mealId', Component: MealDetailPage }];
const loginProbe = locationProbe('/login');
const renderWithCachedLists = () => renderMealWithCachedLists(routes);

test('a review needs a comment and a rating; posting it refreshes the meal', async () => {
  const meal = serveMeal();
  let posted: unknown;
  server.use(
    onEndpoint(endpoints.addReview, async ({ request }) => {
      posted = { mealId: new URL(request.url).searchParams.get('mealId'), ...((await request.json()) as object) };
      meal.update({
        reviews: [
          {
            _id: 'r2',
            mealId: 'meal-01',
            userName: 'Riley Resident',
            img: null,
            comment: 'Lovely broth',
            rating: 4,
            timeStamp: new Date().toISOString(),
            mine: true,
          },
        ],
        reviewed: true,
      });
      return HttpResponse.json({ modifiedCount: 1, insertedId: 'r2' }, { status: 201 });
    }),
  );
  renderRoutes({ routes, path: '/meal/meal-01', session: fakeSession({ signedIn: true }) });
  await userEvent.click(await screen.findByRole('button', { name: 'Post Review' }));
  expect(await screen.findByText('This field is required')).toBeInTheDocument();
  expect(screen.getByText('Please choose a rating')).toBeInTheDocument();
  expect(posted).toBeUndefined();

  await userEvent.click(screen.getByLabelText('4 stars'));
  await userEvent.type(screen.getByPlaceholderText('Write your review here...'), 'Lovely broth');
  await userEvent.click(screen.getByRole('button', { name: 'Post Review' }));
  await expectDialog('Review added successfully');
  await dismissDialog(userEvent.setup());
  // The author is the token's: their name and picture are not sent.
  expect(posted).toEqual({ mealId: 'meal-01', comment: 'Lovely broth', rating: 4 });
  expect(await screen.findByText('Lovely broth')).toBeInTheDocument();
  // One review per meal: the form gives way to a thank-you note.
  expect(screen.getByRole('heading', { name: 'Thanks for your review' })).toBeInTheDocument();
  expect(screen.queryByPlaceholderText('Write your review here...')).not.toBeInTheDocument();
});

test('a visitor sees "Sign in to write a review" instead of the form, and tabbing through navigates nowhere', async () => {
  serveMeal();
  const { router } = renderRoutes({ routes, path: '/meal/meal-01', extraRoutes: [loginProbe] });
  const signIn = await screen.findByRole('link', { name: 'Sign in to write a review' });
  expect(screen.queryByPlaceholderText('Write your review here...')).not.toBeInTheDocument();
  const user = userEvent.setup();
  for (let step = 0; step < 12; step += 1) await user.tab();
  expect(router.state.location.pathname).toBe('/meal/meal-01');
  await user.click(signIn);
  expect(await screen.findByTestId('location-probe')).toHaveTextContent('/login');
  expect(router.state.location.state).toEqual({ from: '/meal/meal-01', reason: 'Sign in to review Pho Noodle Soup' });
});

test('posting a review refreshes My Reviews and the request rows (their review counts)', async () => {
  const invalidated = renderWithCachedLists();
  const user = userEvent.setup();
  await user.click(await screen.findByLabelText('4 stars'));
  await user.type(screen.getByPlaceholderText('Write your review here...'), 'Lovely broth');
  await user.click(screen.getByRole('button', { name: 'Post Review' }));
  await expectDialog('Review added successfully');
  await waitFor(() => expect(invalidated()).toEqual([true, true, true]));
  await dismissDialog(user);
});

test('shows the first page of reviews and loads the next ones from the cursor on request', async () => {
  serveMeal({ reviewsNextCursor: 'after-r1', reviews_count: 2 });
  const cursors: Array<string | null> = [];
  server.use(
    http.get('*/api/meal/meal-01/reviews', ({ request }) => {
      cursors.push(new URL(request.url).searchParams.get('cursor'));
      return HttpResponse.json({
        items: [
          {
            _id: 'r0',
            mealId: 'meal-01',
            userName: 'Early Eater',
            img: null,
            comment: 'Came back twice.',
            rating: 4,
            timeStamp: new Date(Date.now() - 9 * 86_400_000).toISOString(),
            mine: false,
          },
        ],
        nextCursor: null,
      });
    }),
  );
  renderRoutes({ routes, path: '/meal/meal-01' });
  expect(await screen.findByText('Fragrant and warming.')).toBeInTheDocument();
  // Nothing beyond the first page is fetched until the reader asks.
  expect(cursors).toEqual([]);
  await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
  expect(await screen.findByText('Came back twice.')).toBeInTheDocument();
  expect(cursors).toEqual(['after-r1']);
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});
