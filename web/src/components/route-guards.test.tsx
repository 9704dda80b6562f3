import { screen } from '@testing-library/react';
import { fakeSession, locationProbe, renderRoutes, studentProfile } from '@/testing/render';
import { AdminRoute } from './admin-route';
import { ProtectedRoute } from './protected-route';

const secret = { path: '/dashboard/my-profile', element: <ProtectedRoute>secret page</ProtectedRoute> };
const admin = { path: '/dashboard/manage-users', element: <AdminRoute>admin page</AdminRoute> };
const kitchen = { path: '/dashboard/counter', element: <AdminRoute staffToo>counter page</AdminRoute> };

/** Opens the route's page with this session, where a redirect to / shows the location probe. */
const openWithHomeProbe = (route: typeof admin, session: ReturnType<typeof fakeSession>) =>
  renderRoutes({ routes: [route], path: route.path, session, extraRoutes: [locationProbe('/')] });

test('a visitor is sent to /login with the path to come back to', async () => {
  const { router } = renderRoutes({
    routes: [secret],
    path: '/dashboard/my-profile',
    extraRoutes: [locationProbe('/login')],
  });
  expect(await screen.findByTestId('location-probe')).toHaveTextContent('/login');
  expect(router.state.location.state).toEqual({ from: '/dashboard/my-profile' });
});

test('the guard waits while the sign-in is still being restored', async () => {
  renderRoutes({ routes: [secret], path: '/dashboard/my-profile', session: fakeSession({ loading: true }) });
  expect(await screen.findByRole('status')).toHaveTextContent('Checking your sign-in');
});

test('a signed-in user sees the page', async () => {
  renderRoutes({ routes: [secret], path: '/dashboard/my-profile', session: fakeSession({ signedIn: true }) });
  expect(await screen.findByText('secret page')).toBeInTheDocument();
});

test('admin pages wait for the profile, then send non-admins home', async () => {
  const waiting = renderRoutes({
    routes: [admin],
    path: '/dashboard/manage-users',
    session: fakeSession({ signedIn: true, profile: null, profileLoading: true }),
  });
  expect(await screen.findByRole('status')).toHaveTextContent('Checking your access');
  waiting.unmount();

  openWithHomeProbe(admin, fakeSession({ signedIn: true }));
  expect(await screen.findByTestId('location-probe')).toHaveTextContent('/');
});

test('an admin sees admin pages', async () => {
  renderRoutes({
    routes: [admin],
    path: '/dashboard/manage-users',
    session: fakeSession({ signedIn: true, profile: { ...studentProfile, role: 'admin' } }),
  });
  expect(await screen.findByText('admin page')).toBeInTheDocument();
});

test("kitchen staff reach the kitchen's pages and no other admin page", async () => {
  const staff = { ...studentProfile, role: 'staff' as const };
  const first = renderRoutes({
    routes: [kitchen],
    path: '/dashboard/counter',
    session: fakeSession({ signedIn: true, profile: staff }),
  });
  expect(await screen.findByText('counter page')).toBeInTheDocument();
  first.unmount();

  openWithHomeProbe(admin, fakeSession({ signedIn: true, profile: staff }));
  expect(await screen.findByTestId('location-probe')).toHaveTextContent('/');
});

test('a student is sent home from the kitchen pages', async () => {
  openWithHomeProbe(kitchen, fakeSession({ signedIn: true }));
  expect(await screen.findByTestId('location-probe')).toHaveTextContent('/');
});
