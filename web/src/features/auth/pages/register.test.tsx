import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectDialog } from '@/testing/dialogs';
import { fakeSession, locationProbe, renderRoutes, studentProfile, userFor } from '@/testing/render';
import { RegisterPage } from './register';

const testUser = { ...userFor(studentProfile), newAccount: true };

const routes = [{ path: '/register', Component: RegisterPage }];

test('name, email and password are required', async () => {
  const session = fakeSession();
  renderRoutes({ routes, path: '/register', session });
  await userEvent.type(await screen.findByLabelText('Name'), '   ');
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(await screen.findAllByText('This field is required')).toHaveLength(3);
  expect(session.signUp).not.toHaveBeenCalled();
});

test('the password rule is stated up front; a bad email or short password is named before the server is called', async () => {
  const session = fakeSession();
  renderRoutes({ routes, path: '/register', session });
  const password = await screen.findByLabelText('Password');
  expect(password).toHaveAccessibleDescription('At least 6 characters');
  await userEvent.type(screen.getByLabelText('Name'), 'Riley Resident');
  await userEvent.type(screen.getByLabelText('Email'), 'riley@hostelhub');
  await userEvent.type(password, 'abc12');
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(await screen.findByText('Enter an email address such as name@example.com')).toBeInTheDocument();
  expect(screen.getByText('The password needs at least 6 characters')).toBeInTheDocument();
  expect(password).toHaveAccessibleDescription('At least 6 characters The password needs at least 6 characters');
  expect(session.signUp).not.toHaveBeenCalled();
});

test('registering signs up with the name and goes home', async () => {
  const session = fakeSession({ signUp: vi.fn(async () => testUser) });
  renderRoutes({ routes, path: '/register', session, extraRoutes: [locationProbe('/')] });
  await userEvent.type(await screen.findByLabelText('Name'), 'Riley Resident');
  await userEvent.type(screen.getByLabelText('Email'), 'riley@hostelhub.test');
  await userEvent.type(screen.getByLabelText('Password'), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(session.signUp).toHaveBeenCalledWith({
    name: 'Riley Resident',
    email: 'riley@hostelhub.test',
    password: 'secret1',
  });
  expect(await screen.findByTestId('location-probe')).toHaveTextContent('/');
  await expectDialog('Account Created Successful', '');
});

test.each([
  ['Google sign-up says the account was created', true, 'Account Created Successful', ''],
  [
    'an existing account signing in on /register is welcomed back (POST /users answered 400)',
    false,
    'Welcome back',
    'You login successfully',
  ],
])('%s', async (_name, newAccount, title, text) => {
  const session = fakeSession({ logInWithGoogle: vi.fn(async () => ({ ...testUser, newAccount })) });
  renderRoutes({ routes, path: '/register', session, extraRoutes: [locationProbe('/')] });
  await userEvent.click(await screen.findByRole('button', { name: 'Google' }));
  expect(await screen.findByTestId('location-probe')).toBeInTheDocument();
  await expectDialog(title, text);
});

test('registering with an email whose user record exists is welcomed back too', async () => {
  const session = fakeSession({ signUp: vi.fn(async () => ({ ...testUser, newAccount: false })) });
  renderRoutes({ routes, path: '/register', session, extraRoutes: [locationProbe('/')] });
  await userEvent.type(await screen.findByLabelText('Name'), 'Riley Resident');
  await userEvent.type(screen.getByLabelText('Email'), 'riley@hostelhub.test');
  await userEvent.type(screen.getByLabelText('Password'), 'secret1');
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(await screen.findByTestId('location-probe')).toBeInTheDocument();
  await expectDialog('Welcome back', 'You login successfully');
});
