import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints } from '@hostelhub/contracts';
import type { MembershipPackage } from '@hostelhub/contracts';
import { makeMeal } from '@/testing/meals';
import { fakeSession, locationProbe, memberProfile, renderRoutes, sessionFor } from '@/testing/render';
import { server, onEndpoint } from '@/testing/server';
import { HomePage } from './home';

const routes = [{ path: '/', Component: HomePage }];
const packages: MembershipPackage[] = [
  {
    _id: 'silver',
    name: 'Silver',
    price: 9.99,
    services: ['Three requests a week'],
    weeklyRequestLimit: 3,
    priorityServing: false,
  },
  {
    _id: 'gold',
    name: 'Gold',
    price: 29.99,
    services: ['Priority serving'],
    weeklyRequestLimit: 7,
    priorityServing: true,
  },
];

beforeEach(() => {
  // jsdom has no layout: scrolling to the plans is a no-op here.
  Element.prototype.scrollIntoView = vi.fn();
  server.use(
    onEndpoint(endpoints.mealsByCategory, () =>
      HttpResponse.json([makeMeal({ _id: 'meal-01', title: 'Pho Noodle Soup' })]),
    ),
    onEndpoint(endpoints.packages, () => HttpResponse.json(packages)),
  );
});

test('a non-member sent from a meal arrives at the plans with the reason, and the plans lead on to the meal', async () => {
  const { router } = renderRoutes({
    routes,
    path: '/',
    state: { scrollTo: 'membership', wanted: { path: '/meal/meal-01', title: 'Pho Noodle Soup' } },
    session: fakeSession({ signedIn: true }),
    extraRoutes: [locationProbe('/checkout/:packageId')],
  });
  const note = await screen.findByTestId('members-only-note');
  expect(note).toHaveTextContent('Meal requests are for members: choose a plan');
  expect(note).toHaveTextContent('Once you subscribe, you can go back to Pho Noodle Soup.');
  // The scroll request is forgotten, the meal is not.
  await vi.waitFor(() => expect(router.state.location.state).toEqual({ wanted: expect.anything() }));
  await userEvent.click(screen.getByRole('link', { name: 'Get Gold' }));
  expect(await screen.findByTestId('location-probe')).toHaveTextContent('/checkout/gold');
  expect(router.state.location.state).toEqual({ wanted: { path: '/meal/meal-01', title: 'Pho Noodle Soup' } });
});

test('an ordinary visit shows no members-only note', async () => {
  renderRoutes({ routes, path: '/' });
  expect(await screen.findByRole('link', { name: 'Get Gold' })).toBeInTheDocument();
  expect(screen.queryByTestId('members-only-note')).not.toBeInTheDocument();
});

test('a student without a membership gets a next step: choose a plan or browse the meals', async () => {
  renderRoutes({ routes, path: '/', session: fakeSession({ signedIn: true }) });
  const nextStep = await screen.findByRole('region', { name: /what next/ });
  expect(within(nextStep).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '#membership');
  expect(within(nextStep).getByRole('link', { name: 'Browse the meals' })).toHaveAttribute('href', '/meals');
});

test('members and visitors get no next-step banner', async () => {
  renderRoutes({ routes, path: '/', session: sessionFor(memberProfile) });
  expect(await screen.findByRole('heading', { name: 'Upgrade Your Membership' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: /what next/ })).not.toBeInTheDocument();
});

test('the meals by category lead on to the whole list, of the chosen category', async () => {
  renderRoutes({ routes, path: '/' });
  expect(await screen.findByRole('heading', { name: 'Pho Noodle Soup' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See all meals' })).toHaveAttribute('href', '/meals');
  await userEvent.click(screen.getByRole('tab', { name: 'Lunch' }));
  expect(screen.getByRole('link', { name: 'See all meals' })).toHaveAttribute('href', '/meals?category=Lunch');
});

test("a member's own plan reads \"Your current plan\" beside the spec's 'purchased'", async () => {
  renderRoutes({ routes, path: '/', session: sessionFor(memberProfile) });
  const gold = (await screen.findByRole('heading', { name: 'Gold' })).closest('li')!;
  expect(within(gold).getByText('Your current plan')).toBeInTheDocument();
  expect(within(gold).getByText('purchased')).toBeInTheDocument();
  const silver = screen.getByRole('heading', { name: 'Silver' }).closest('li')!;
  expect(within(silver).queryByText('Your current plan')).not.toBeInTheDocument();
});

test('each plan card says its price excludes VAT, and what a month costs with it', async () => {
  renderRoutes({ routes, path: '/', session: fakeSession() });
  const gold = (await screen.findByRole('heading', { name: 'Gold' })).closest('li')!;
  expect(within(gold).getByTestId('vat-note')).toHaveTextContent('Price excludes VAT. With 5% VAT: $31.49 a month.');
  const silver = screen.getByRole('heading', { name: 'Silver' }).closest('li')!;
  expect(within(silver).getByTestId('vat-note')).toHaveTextContent('With 5% VAT: $10.49 a month.');
});
