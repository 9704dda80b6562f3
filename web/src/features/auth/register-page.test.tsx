import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectDialog } from '@/testing/dialogs';
import { fakeSession, locationProbe, renderRoutes, studentProfile, userFor } from '@/testing/render';
import { RegisterPage } from './register-page';

const testUser = userFor(studentProfile);

const routes = [{ path: '/register', Component: RegisterPage }];

test('name, email and password are required', async () => {
  const session = fakeSession();
  renderRoutes({ routes, path: '/register', session });
  await userEvent.type(await screen.findByLabelText('Name'), '   ');
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  expect(await screen.findAllByText('This field is required')).toHaveLength(3);
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

test('Google sign-up says the account was created', async () => {
  const session = fakeSession({ logInWithGoogle: vi.fn(async () => testUser) });
  renderRoutes({ routes, path: '/register', session, extraRoutes: [locationProbe('/')] });
  await userEvent.click(await screen.findByRole('button', { name: 'Google' }));
  expect(await screen.findByTestId('location-probe')).toBeInTheDocument();
  await expectDialog('Account Created Successful', '');
});
