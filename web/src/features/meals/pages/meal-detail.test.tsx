import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { endpoints, type MealDetail } from '@hostelhub/contracts';
import { makeMeal } from '@/testing/meals';
import { answerDialog, dismissDialog, expectDialog, waitForDialogToClose } from '@/testing/dialogs';
import { fakeSession, goldMembership, locationProbe, renderRoutes, sessionFor, studentProfile } from '@/testing/render';
import { onEndpoint, server } from '@/testing/server';
import { queryKeys } from '@/lib/query-keys';
import { MealDetailPage } from './meal-detail';

const routes = [{ path: '/meal/:mealId', Component: MealDetailPage }];
const homeProbe = locationProbe('/');
const loginProbe = locationProbe('/login');

function serveMeal(overrides: Partial<MealDetail> = {}) {
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
  let body: unknown;
  server.use(
    onEndpoint(endpoints.like, async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ modifiedCount: 1, likes: 5 });
    }),
  );
  renderRoutes({ routes, path: '/meal/meal-01', session: fakeSession({ signedIn: true }) });
  const like = await screen.findByRole('button', { name: /like/i });
  expect(like).toHaveTextContent('4');
  await userEvent.click(like);
  await waitFor(() => expect(like).toBeDisabled());
  expect(like).toHaveTextContent('Liked');
  expect(like).toHaveTextContent('5');
  // The liker is the token's: the body names only the meal.
  expect(body).toEqual({ mealId: 'meal-01' });
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

test('requesting without a membership goes to the membership section, with the meal it was for', async () => {
  serveMeal();
  server.use(
    onEndpoint(endpoints.requestMeal, () => HttpResponse.json({ message: 'Membership needed' }, { status: 402 })),
  );
  const { router } = renderRoutes({
    routes,
    path: '/meal/meal-01',
    session: fakeSession({ signedIn: true }),
    extraRoutes: [homeProbe],
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Request Meal' }));
  expect(await screen.findByTestId('location-probe')).toHaveTextContent('/');
  expect(router.state.location.state).toEqual({
    scrollTo: 'membership',
    wanted: { path: '/meal/meal-01', title: 'Pho Noodle Soup' },
  });
});

test('a request succeeds with an auto-closing dialog, then shows it is requested and where to follow it', async () => {
  serveMeal();
  let sent: unknown;
  server.use(
    onEndpoint(endpoints.requestMeal, async ({ request }) => {
      sent = await request.json();
      return HttpResponse.json({ insertedId: 'x' }, { status: 201 });
    }),
  );
  renderRoutes({ routes, path: '/meal/meal-01', session: fakeSession({ signedIn: true }) });
  await userEvent.click(await screen.findByRole('button', { name: 'Request Meal' }));
  await expectDialog('Meal Requested Successfully', '');
  // The requester is the token's, and a new request is always pending: the body names the meal only.
  expect(sent).toEqual({ mealId: 'meal-01' });
  // It closes by itself after 1.5 s.
  await waitForDialogToClose();
  const requested = screen.getByTestId('meal-requested');
  expect(requested).toHaveTextContent('Requested · see My requests');
  expect(requested).toHaveTextContent('It shows as pending in My requests until it is served.');
  expect(screen.getByRole('link', { name: 'see My requests' })).toHaveAttribute('href', '/dashboard/requested-meal');
  // Nothing left to press twice.
  expect(screen.queryByRole('button', { name: 'Request Meal' })).not.toBeInTheDocument();
});

test('a meal requested before (208) shows the requested state, not an error', async () => {
  serveMeal();
  server.use(
    onEndpoint(endpoints.requestMeal, () =>
      HttpResponse.json({ message: 'You have already requested this meal' }, { status: 208 }),
    ),
  );
  renderRoutes({ routes, path: '/meal/meal-01', session: fakeSession({ signedIn: true }) });
  await userEvent.click(await screen.findByRole('button', { name: 'Request Meal' }));
  expect(await screen.findByTestId('meal-requested')).toHaveTextContent('Requested · see My requests');
  expect(document.querySelector('.swal2-popup')).toBeNull();
});

test('a visitor who requests is sent to sign in, told why, and is offered the request again on return', async () => {
  serveMeal();
  const { router } = renderRoutes({ routes, path: '/meal/meal-01', extraRoutes: [loginProbe] });
  await userEvent.click(await screen.findByRole('button', { name: 'Request Meal' }));
  expect(await screen.findByTestId('location-probe')).toHaveTextContent('/login');
  expect(router.state.location.state).toEqual({
    from: '/meal/meal-01',
    reason: 'Sign in to request Pho Noodle Soup',
    resume: 'request-meal',
  });
});

test('back from signing in to request, Request Meal is offered again and focused', async () => {
  serveMeal();
  renderRoutes({
    routes,
    path: '/meal/meal-01',
    state: { resume: 'request-meal' },
    session: fakeSession({ signedIn: true }),
  });
  const request = await screen.findByRole('button', { name: 'Request Meal' });
  await waitFor(() => expect(request).toHaveFocus());
  expect(screen.getByText('You are signed in: press Request Meal to send it.')).toBeInTheDocument();
});

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

test("the review count is the meal's own, not the number of reviews listed", async () => {
  serveMeal({ reviews_count: 57 });
  renderRoutes({ routes, path: '/meal/meal-01' });
  expect(await screen.findByRole('heading', { name: 'Reviews (57)' })).toBeInTheDocument();
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

/** Renders the meal signed in, with the dashboard's lists already cached as if seen before. */
function renderWithCachedLists() {
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

test('requesting a meal refreshes My Requested Meals and Serve Meals', async () => {
  const invalidated = renderWithCachedLists();
  await userEvent.click(await screen.findByRole('button', { name: 'Request Meal' }));
  await expectDialog('Meal Requested Successfully', '');
  await waitFor(() => expect(invalidated()).toEqual([true, true, false]));
  await waitForDialogToClose();
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

test('an unknown meal says so', async () => {
  server.use(http.get('*/api/meal/missing', () => HttpResponse.json({ message: 'Meal not found' }, { status: 404 })));
  renderRoutes({ routes, path: '/meal/missing' });
  expect(await screen.findByRole('heading', { name: 'Meal not found' })).toBeInTheDocument();
});

test("a member sees this week's requests, and a request over the quota shows the API's message", async () => {
  serveMeal();
  // The week's three requests are used up: the next one is refused.
  let used = 3;
  server.use(
    onEndpoint(endpoints.requestQuota, () =>
      HttpResponse.json({
        used,
        limit: 3,
        weekStart: '2026-11-16T12:00:00.000Z',
        resetsAt: '2099-11-23T12:00:00.000Z',
      }),
    ),
    onEndpoint(endpoints.requestMeal, () => {
      if (used >= 3) {
        return HttpResponse.json(
          { message: 'You have used your 3 meal requests this week; they reset on Monday' },
          { status: 429 },
        );
      }
      used += 1;
      return HttpResponse.json({ insertedId: 'x' }, { status: 201 });
    }),
  );
  renderRoutes({
    routes,
    path: '/meal/meal-01',
    session: sessionFor({ ...studentProfile, badge: 'Silver', membership: goldMembership }),
  });
  const quota = await screen.findByTestId('request-quota');
  expect(quota).toHaveTextContent('3 of 3 requests used this week · Resets 23 Nov 2099');
  await userEvent.click(screen.getByRole('button', { name: 'Request Meal' }));
  await expectDialog('You have used your 3 meal requests this week; they reset on Monday');
});

test('a visitor sees no request quota', async () => {
  serveMeal();
  renderRoutes({ routes, path: '/meal/meal-01' });
  expect(await screen.findByRole('heading', { name: 'Pho Noodle Soup' })).toBeInTheDocument();
  expect(screen.queryByTestId('request-quota')).not.toBeInTheDocument();
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
