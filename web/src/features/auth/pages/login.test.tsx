import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerDialog, dismissDialog, expectDialog } from '@/testing/dialogs';
import { fakeSession, locationProbe, renderRoutes, studentProfile, userFor } from '@/testing/render';
import { LoginPage } from './login';

const testUser = { ...userFor(studentProfile), newAccount: true };

const routes = [{ path: '/login', Component: LoginPage }];

test('both fields are required', async () => {
  const session = fakeSession();
  renderRoutes({ routes, path: '/login', session });
  await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
  expect(await screen.findAllByText('This field is required')).toHaveLength(2);
  expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(session.logIn).not.toHaveBeenCalled();
});

test('signing in returns to the remembered page and says welcome back', async () => {
  const session = fakeSession({ logIn: vi.fn(async () => testUser) });
  renderRoutes({
    routes,
    path: '/login',
    state: { from: '/meal/meal-01' },
    session,
    extraRoutes: [locationProbe('/meal/:mealId')],
  });
  await userEvent.type(await screen.findByLabelText('Email'), 'resident@hostelhub.test');
  await userEvent.type(screen.getByLabelText('Password'), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(session.logIn).toHaveBeenCalledWith('resident@hostelhub.test', 'secret1');
  expect(await screen.findByTestId('location-probe')).toBeInTheDocument();
  await expectDialog('Welcome back', 'You login successfully');
});

test('says why the visitor is here, and returns with the action to offer again', async () => {
  const session = fakeSession({ logIn: vi.fn(async () => testUser) });
  const { router } = renderRoutes({
    routes,
    path: '/login',
    state: { from: '/meal/meal-01', reason: 'Sign in to request Fluffy Pancake Stack', resume: 'request-meal' },
    session,
    extraRoutes: [locationProbe('/meal/:mealId')],
  });
  expect(await screen.findByTestId('sign-in-reason')).toHaveTextContent('Sign in to request Fluffy Pancake Stack');
  await userEvent.type(screen.getByLabelText('Email'), 'resident@hostelhub.test');
  await userEvent.type(screen.getByLabelText('Password'), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByTestId('location-probe')).toHaveTextContent('/meal/meal-01');
  expect(router.state.location.state).toEqual({ resume: 'request-meal' });
  await expectDialog('Welcome back', 'You login successfully');
  await dismissDialog(userEvent.setup());
});

test('a plain visit to the sign-in page gives no reason', async () => {
  renderRoutes({ routes, path: '/login', session: fakeSession() });
  expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  expect(screen.queryByTestId('sign-in-reason')).not.toBeInTheDocument();
});

test('a failed sign-in shows the error as the alert title', async () => {
  const failure = Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), {
    code: 'auth/invalid-credential',
  });
  const session = fakeSession({ logIn: vi.fn(async () => Promise.reject(failure)) });
  renderRoutes({ routes, path: '/login', session });
  await userEvent.type(await screen.findByLabelText('Email'), 'someone@hostelhub.test');
  await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  await expectDialog('Incorrect email or password.');
  await dismissDialog(userEvent.setup());
  expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
});

test('forgot password asks for the email first, then confirms and sends the reset email', async () => {
  const session = fakeSession({ sendPasswordReset: vi.fn(async () => {}) });
  renderRoutes({ routes, path: '/login', session });
  await userEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
  expect(await screen.findByText('This field is required')).toBeInTheDocument();
  expect(session.sendPasswordReset).not.toHaveBeenCalled();

  await userEvent.type(screen.getByLabelText('Email'), 'resident@hostelhub.test');
  await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
  await expectDialog('Reset your password?', 'We will email a password reset link to resident@hostelhub.test.');
  await answerDialog(userEvent.setup(), 'Send reset link');
  await waitFor(() => expect(session.sendPasswordReset).toHaveBeenCalledWith('resident@hostelhub.test'));
  await expectDialog(
    'Check your email',
    'If an account uses resident@hostelhub.test, a password reset link is on its way.',
  );
});
