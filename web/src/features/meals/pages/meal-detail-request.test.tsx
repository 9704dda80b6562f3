// Requesting a meal from its page: membership, sign-in, the weekly quota.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import { expectDialog, waitForDialogToClose } from '@/testing/dialogs';
import { renderMealWithCachedLists, serveMeal } from '@/testing/meal-detail';
import { fakeSession, goldMembership, locationProbe, renderRoutes, sessionFor, studentProfile } from '@/testing/render';
import { onEndpoint, recordBodies, server } from '@/testing/server';
import { MealDetailPage } from './meal-detail';

const routes = [{ path: '/meal/:mealId', Component: MealDetailPage }];
const homeProbe = locationProbe('/');
const loginProbe = locationProbe('/login');
const renderWithCachedLists = () => renderMealWithCachedLists(routes);

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
  const sent = recordBodies(endpoints.requestMeal, () => HttpResponse.json({ insertedId: 'x' }, { status: 201 }));
  renderRoutes({ routes, path: '/meal/meal-01', session: fakeSession({ signedIn: true }) });
  await userEvent.click(await screen.findByRole('button', { name: 'Request Meal' }));
  await expectDialog('Meal Requested Successfully', '');
  // The requester is the token's, and a new request is always pending: the body names the meal only.
  expect(sent.at(-1)).toEqual({ mealId: 'meal-01' });
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

test('requesting a meal refreshes My Requested Meals and Serve Meals', async () => {
  const invalidated = renderWithCachedLists();
  await userEvent.click(await screen.findByRole('button', { name: 'Request Meal' }));
  await expectDialog('Meal Requested Successfully', '');
  await waitFor(() => expect(invalidated()).toEqual([true, true, false]));
  await waitForDialogToClose();
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
