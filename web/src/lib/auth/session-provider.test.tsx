import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints, type Endpoint } from '@hostelhub/contracts';
import { apiRequest, getStoredToken, storeToken } from '@/lib/api-client';
import { expectDialog } from '@/testing/dialogs';
import { studentProfile } from '@/testing/render';
import { server, onEndpoint } from '@/testing/server';
import { SessionProvider } from './session-provider';
import { signedInHintKey } from './signed-in-hint';
import { useSession } from './session-context';

// Firebase Auth is the edge here: a stand-in that signs in whoever asks.
type Listener = (user: unknown) => void;
const firebase = vi.hoisted(() => ({
  listeners: new Set<(user: unknown) => void>(),
  current: null as unknown,
  watched: 0,
}));
vi.mock('./firebase-auth', () => {
  const makeUser = (email: string, displayName: string | null) => ({
    uid: 'user-1',
    email,
    displayName,
    photoURL: null,
    getIdToken: async () => 'firebase-id-token',
  });
  const emit = (user: unknown) => {
    firebase.current = user;
    firebase.listeners.forEach((listener: Listener) => listener(user));
  };
  return {
    watchAuthState: (listener: Listener) => {
      firebase.watched += 1;
      firebase.listeners.add(listener);
      queueMicrotask(() => listener(firebase.current));
      return () => firebase.listeners.delete(listener);
    },
    signInWithEmail: async (email: string) => {
      const user = makeUser(email, 'Riley Resident');
      emit(user);
      return user;
    },
    signOutOfFirebase: async () => emit(null),
  };
});

function Probe() {
  const session = useSession();
  return (
    <div>
      <p>user: {session.user?.email ?? 'none'}</p>
      <p>badge: {session.profile?.badge ?? 'none'}</p>
      <p>loading: {String(session.loading)}</p>
      <p>profileLoading: {String(session.profileLoading)}</p>
      <p>profileError: {session.profileError?.message ?? 'none'}</p>
      <button onClick={() => void session.logIn('resident@hostelhub.test', 'secret1').catch(() => undefined)}>
        log in
      </button>
      <button onClick={() => void session.refreshProfile()}>retry</button>
      <button onClick={() => void session.logOut()}>log out</button>
    </div>
  );
}

function renderSession() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
}

/** POST /users as the API answers a user it had not seen. */
const savedAsNew = () => HttpResponse.json<{ insertedId: string }>({ insertedId: 'user-1' }, { status: 201 });

type Answer<E extends Endpoint> = Parameters<typeof onEndpoint<E>>[1];

/**
 * The API's answers to signing in, as for a new student: a token, the user saved, the profile.
 * A test gives its own answer for any of the three.
 */
function answerSignIn(
  answers: {
    jwt?: Answer<typeof endpoints.jwt>;
    createUser?: Answer<typeof endpoints.createUser>;
    user?: Answer<typeof endpoints.user>;
  } = {},
) {
  server.use(
    onEndpoint(endpoints.jwt, answers.jwt ?? (() => HttpResponse.json({ token: 'api-token' }))),
    onEndpoint(endpoints.createUser, answers.createUser ?? savedAsNew),
    onEndpoint(endpoints.user, answers.user ?? (() => HttpResponse.json(studentProfile))),
  );
}

/** Signs the student in through the probe, with the API answering as it does for a new user. */
async function signInAsStudent() {
  answerSignIn();
  renderSession();
  await userEvent.click(await screen.findByRole('button', { name: 'log in' }));
  await screen.findByText('badge: Bronze');
}

beforeEach(() => {
  firebase.current = null;
  firebase.listeners.clear();
  firebase.watched = 0;
});

test('a visitor who never signed in is known as one at once, without loading Firebase Auth', async () => {
  renderSession();
  expect(screen.getByText('loading: false')).toBeInTheDocument();
  expect(screen.getByText('user: none')).toBeInTheDocument();
  // Give a lazy import every chance to land: it must not have been asked for.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(firebase.watched).toBe(0);
});

test('a browser that signed in before asks Firebase who it is on the first render', async () => {
  localStorage.setItem(signedInHintKey, '1');
  firebase.current = {
    uid: 'user-1',
    email: 'resident@hostelhub.test',
    displayName: 'Riley Resident',
    photoURL: null,
    getIdToken: async () => 'firebase-id-token',
  };
  server.use(
    onEndpoint(endpoints.jwt, () => HttpResponse.json({ token: 'api-token' })),
    onEndpoint(endpoints.user, () => HttpResponse.json(studentProfile)),
  );
  renderSession();
  expect(screen.getByText('loading: true')).toBeInTheDocument();
  expect(await screen.findByText('user: resident@hostelhub.test')).toBeInTheDocument();
  expect(await screen.findByText('badge: Bronze')).toBeInTheDocument();
  expect(firebase.watched).toBeGreaterThan(0);
});

test('a browser whose session Firebase ended while it was away is told so on opening', async () => {
  localStorage.setItem(signedInHintKey, '1');
  storeToken('old-api-token');
  // Firebase's first word: nobody is signed in (the account was disabled meanwhile).
  renderSession();
  expect(await screen.findByText('loading: false')).toBeInTheDocument();
  expect(screen.getByText('user: none')).toBeInTheDocument();
  await expectDialog('Your session has ended', 'Please log in again.');
  expect(getStoredToken()).toBeNull();
  expect(localStorage.getItem(signedInHintKey)).toBeNull();
});

test('signing in gets the API token, saves the user, then loads the profile', async () => {
  const calls: string[] = [];
  server.use(
    onEndpoint(endpoints.jwt, ({ request }) => {
      calls.push(`jwt ${request.headers.get('authorization')}`);
      return HttpResponse.json({ token: 'api-token' });
    }),
    onEndpoint(endpoints.createUser, ({ request }) => {
      calls.push(`users ${request.headers.get('authorization')}`);
      return HttpResponse.json({ message: 'User already exists' }, { status: 400 });
    }),
    onEndpoint(endpoints.user, ({ request }) => {
      calls.push(`user ${request.headers.get('authorization')}`);
      return HttpResponse.json({ ...studentProfile, badge: 'Gold' });
    }),
  );
  renderSession();
  expect(await screen.findByText('loading: false')).toBeInTheDocument();
  expect(screen.getByText('user: none')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'log in' }));
  expect(await screen.findByText('badge: Gold')).toBeInTheDocument();
  expect(screen.getByText('user: resident@hostelhub.test')).toBeInTheDocument();
  expect(getStoredToken()).toBe('api-token');
  expect(calls.slice(0, 3)).toEqual([
    'jwt Bearer firebase-id-token',
    'users Bearer api-token',
    'user Bearer api-token',
  ]);
});

test('logging out removes the token and says so', async () => {
  await signInAsStudent();
  // Signing in is remembered for the next visit (Firebase Auth is then loaded at once)...
  expect(localStorage.getItem(signedInHintKey)).not.toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'log out' }));
  expect(await screen.findByText('user: none')).toBeInTheDocument();
  expect(getStoredToken()).toBeNull();
  // ...and logging out forgets it.
  expect(localStorage.getItem(signedInHintKey)).toBeNull();
  await expectDialog('Log out successful', 'You successfully log out');
});

test('a session Firebase ends by itself (account disabled) ends here too, with the dialog', async () => {
  await signInAsStudent();
  // A token refresh was refused: Firebase signs the user out without the site asking.
  act(() => {
    firebase.current = null;
    firebase.listeners.forEach((listener) => listener(null));
  });
  expect(await screen.findByText('user: none')).toBeInTheDocument();
  expect(getStoredToken()).toBeNull();
  await expectDialog('Your session has ended', 'Please log in again.');
});

test('a 401 on a protected call ends the session', async () => {
  server.use(
    onEndpoint(endpoints.requestedMeals, () => HttpResponse.json({ message: 'Token expired' }, { status: 401 })),
  );
  await signInAsStudent();
  storeToken('expired-token');
  await act(() => apiRequest('/requested-meals').catch(() => undefined));
  await waitFor(() => expect(screen.getByText('user: none')).toBeInTheDocument());
  expect(getStoredToken()).toBeNull();
  await expectDialog('Your session has ended', 'Please log in again.');
});

/** A token shaped like the API's, expiring `seconds` from now. */
const apiTokenExpiringIn = (seconds: number, name: string) =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: name, exp: Math.floor(Date.now() / 1000) + seconds }))}.sig`;

test('the API token is renewed five minutes before it expires, without a word', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let minted = 0;
    answerSignIn({ jwt: () => HttpResponse.json({ token: apiTokenExpiringIn(3600, `token-${++minted}`) }) });
    renderSession();
    await userEvent.click(await screen.findByRole('button', { name: 'log in' }));
    await screen.findByText('badge: Bronze');
    expect(minted).toBe(1);

    await act(async () => {
      vi.advanceTimersByTime(54 * 60_000);
    });
    expect(minted).toBe(1);
    await act(async () => {
      vi.advanceTimersByTime(2 * 60_000);
    });
    await waitFor(() => expect(minted).toBe(2));
    await waitFor(() => expect(getStoredToken()).toContain(btoa(JSON.stringify({ sub: 'token-2' })).slice(0, 8)));
    expect(screen.getByText('user: resident@hostelhub.test')).toBeInTheDocument();
    expect(document.querySelector('.swal2-container')).toBeNull();
  } finally {
    vi.useRealTimers();
  }
});

test('a failed profile save during sign-in is reported, not waited on for ever, and can be retried', async () => {
  let serverUp = false;
  answerSignIn({
    createUser: () =>
      serverUp ? savedAsNew() : HttpResponse.json({ message: 'Database unavailable' }, { status: 503 }),
    user: () =>
      serverUp ? HttpResponse.json(studentProfile) : HttpResponse.json({ message: 'User not found' }, { status: 404 }),
  });
  renderSession();
  await userEvent.click(await screen.findByRole('button', { name: 'log in' }));
  expect(await screen.findByText('profileError: Database unavailable')).toBeInTheDocument();
  expect(screen.getByText('profileLoading: false')).toBeInTheDocument();
  expect(screen.getByText('user: resident@hostelhub.test')).toBeInTheDocument();

  serverUp = true;
  await userEvent.click(screen.getByRole('button', { name: 'retry' }));
  expect(await screen.findByText('badge: Bronze')).toBeInTheDocument();
  expect(screen.getByText('profileError: none')).toBeInTheDocument();
});

test('signing in tells a returning user from a new one (POST /users 201 or 400)', async () => {
  const results: unknown[] = [];
  function SignIn() {
    const session = useSession();
    return (
      <button
        onClick={() => void session.logIn('resident@hostelhub.test', 'x').then((r) => results.push(r.newAccount))}
      >
        sign in
      </button>
    );
  }
  let existing = false;
  answerSignIn({
    createUser: () =>
      existing ? HttpResponse.json({ message: 'User already exists' }, { status: 400 }) : savedAsNew(),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <SignIn />
      </SessionProvider>
    </QueryClientProvider>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'sign in' }));
  await waitFor(() => expect(results).toEqual([true]));
  existing = true;
  await userEvent.click(screen.getByRole('button', { name: 'sign in' }));
  await waitFor(() => expect(results).toEqual([true, false]));
});
