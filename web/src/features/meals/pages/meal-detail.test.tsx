// The meal page: the meal, its likes, its allergens against the reader's diet.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import { answerDialog, expectDialog } from '@/testing/dialogs';
import { serveMeal } from '@/testing/meal-detail';
import { makeServing, today } from '@/testing/menu';
import { fakeSession, goldMembership, locationProbe, renderRoutes, sessionFor, studentProfile } from '@/testing/render';
import { lunchHall, onEndpoint, recordBodies, server } from '@/testing/server';
import { MealDetailPage } from './meal-detail';

const routes = [{ path: '/meal/:mealId', Component: MealDetailPage }];
const loginProbe = locationProbe('/login');

test('shows the meal with ingredients as bullets and its reviews', async () => {
  serveMeal();
  renderRoutes({ routes, path: '/meal/meal-01', session: fakeSession({ signedIn: true }) });
  expect(await screen.findByRole('heading', { name: 'Pho Noodle Soup' })).toBeInTheDocument();
  expect(screen.getByRole('img', { name: 'Pho Noodle Soup' })).toBeInTheDocument();
  expect(screen.getByText('Beef broth').tagName).toBe('LI');
  expect(screen.getByRole('heading', { name: 'Reviews (1)' })).toBeInTheDocument();
  expect(screen.getByText('Fragrant and warming.')).toBeInTheDocument();
  expect(screen.getByText('2 days ago')).toBeInTheDocument();
  expect(await screen.findByPlaceholderText('Write your review here...')).toBeInTheDocument();
});

test('liking once disables the button and adds one to the count', async () => {
  serveMeal();
  const sent = recordBodies(endpoints.like, () => HttpResponse.json({ modifiedCount: 1, likes: 5 }));
  renderRoutes({ routes, path: '/meal/meal-01', session: fakeSession({ signedIn: true }) });
  const like = await screen.findByRole('button', { name: /like/i });
  expect(like).toHaveTextContent('4');
  await userEvent.click(like);
  await waitFor(() => expect(like).toBeDisabled());
  expect(like).toHaveTextContent('Liked');
  expect(like).toHaveTextContent('5');
  // The liker is the token's: the body names only the meal.
  expect(sent.at(-1)).toEqual({ mealId: 'meal-01' });
});

test('a meal the user already liked shows a disabled Liked button', async () => {
  serveMeal({ liked: true });
  renderRoutes({ routes, path: '/meal/meal-01', session: fakeSession({ signedIn: true }) });
  expect(await screen.findByRole('button', { name: /liked/i })).toBeDisabled();
});

test('a visitor who likes is sent to /login and will come back', async () => {
  serveMeal();
  const { router } = renderRoutes({ routes, path: '/meal/meal-01', extraRoutes: [loginProbe] });
  await userEvent.click(await screen.findByRole('button', { name: /like/i }));
  expect(await screen.findByTestId('location-probe')).toHaveTextContent('/login');
  expect(router.state.location.state).toEqual({ from: '/meal/meal-01', reason: 'Sign in to like Pho Noodle Soup' });
});

test("the review count is the meal's own, not the number of reviews listed", async () => {
  serveMeal({ reviews_count: 57 });
  renderRoutes({ routes, path: '/meal/meal-01' });
  expect(await screen.findByRole('heading', { name: 'Reviews (57)' })).toBeInTheDocument();
});

test('an unrated meal says "No reviews yet"; one review is "1 review"', async () => {
  const meal = serveMeal({ reviews_count: 0, rating: 0, reviews: [] });
  const { queryClient } = renderRoutes({ routes, path: '/meal/meal-01' });
  expect(await screen.findByTestId('meal-rating')).toHaveTextContent('No reviews yet');
  expect(screen.queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
  meal.update({ reviews_count: 1, rating: 4 });
  await queryClient.invalidateQueries();
  expect(await screen.findByText('(1 review)')).toBeInTheDocument();
  expect(screen.getByTestId('meal-rating')).toHaveTextContent('4.0');
});

test('an unknown meal says so', async () => {
  server.use(http.get('*/api/meal/missing', () => HttpResponse.json({ message: 'Meal not found' }, { status: 404 })));
  renderRoutes({ routes, path: '/meal/missing' });
  expect(await screen.findByRole('heading', { name: 'Meal not found' })).toBeInTheDocument();
});

describe('allergens and the reader’s diet', () => {
  const avoidsMilk = () =>
    sessionFor({ ...studentProfile, badge: 'Gold', membership: goldMembership, diet: { avoid: ['milk'], diets: [] } });

  test('lists the allergens in full, and says plainly when nobody declared them', async () => {
    const meal = serveMeal({ allergens: ['milk', 'eggs', 'gluten'], dietTags: ['vegetarian'] });
    const { unmount } = renderRoutes({ routes, path: '/meal/meal-01', session: fakeSession({ signedIn: false }) });
    expect(await screen.findByText('Contains milk, eggs and gluten.')).toBeInTheDocument();
    expect(screen.getByText('Suitable for: Vegetarian.')).toBeInTheDocument();
    unmount();
    meal.update({ allergens: null, dietTags: [] });
    renderRoutes({ routes, path: '/meal/meal-01', session: fakeSession({ signedIn: false }) });
    expect(await screen.findByText(/Allergens not declared: ask the kitchen\. Nobody has said/)).toBeInTheDocument();
    // A visitor has no profile: no personal warning.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('warns a reader who avoids milk above Request, and asks before requesting', async () => {
    serveMeal({ allergens: ['milk', 'gluten'], dietTags: [] });
    let requests = 0;
    server.use(
      onEndpoint(endpoints.requestMeal, () => {
        requests += 1;
        return HttpResponse.json({ insertedId: 'x' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderRoutes({ routes, path: '/meal/meal-01', session: avoidsMilk() });
    const warning = await screen.findByRole('alert');
    expect(warning).toHaveTextContent('Contains milk, which you avoid');
    // The warning comes before the button in reading order.
    const button = screen.getByRole('button', { name: 'Request Meal' });
    expect(warning.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(button);
    await expectDialog('Check before you order', 'Contains milk, which you avoid.');
    await answerDialog(user, 'Cancel');
    expect(requests).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Request Meal' }));
    await answerDialog(user, 'Order anyway');
    await expectDialog('Meal Requested Successfully', '');
    expect(requests).toBe(1);
  });

  test('tells a reader who avoids anything that an undeclared meal is not known to be safe', async () => {
    serveMeal({ allergens: null, dietTags: [] });
    renderRoutes({ routes, path: '/meal/meal-01', session: avoidsMilk() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Allergens not declared: ask the kitchen (you avoid milk)',
    );
  });

  test('requests without asking when nothing in the meal is avoided', async () => {
    serveMeal({ allergens: ['gluten'], dietTags: [] });
    server.use(onEndpoint(endpoints.requestMeal, () => HttpResponse.json({ insertedId: 'x' }, { status: 201 })));
    renderRoutes({ routes, path: '/meal/meal-01', session: avoidsMilk() });
    await userEvent.click(await screen.findByRole('button', { name: 'Request Meal' }));
    await expectDialog('Meal Requested Successfully', '');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

test('names each serving’s hall once there are several, the member’s own hall first at the same time', async () => {
  serveMeal();
  const lunch = makeServing({ date: today(), slot: 'lunch' });
  server.use(
    onEndpoint(endpoints.halls, () =>
      HttpResponse.json({ halls: [lunchHall('east', 'East hall'), lunchHall('west', 'West hall')] }),
    ),
    onEndpoint(endpoints.mealServings, () =>
      HttpResponse.json({
        items: [
          { ...lunch, _id: 'at-east', hallId: 'east' },
          { ...lunch, _id: 'at-west', hallId: 'west' },
        ],
      }),
    ),
  );
  renderRoutes({ routes, path: '/meal/meal-01', session: sessionFor({ ...studentProfile, homeHallId: 'west' }) });
  const servings = within(await screen.findByRole('region', { name: 'On the menu' }));
  await waitFor(() =>
    expect(servings.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('West hall'),
      expect.stringContaining('East hall'),
    ]),
  );
});
