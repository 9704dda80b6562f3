import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { endpoints, type Endpoint, type RequestedMeal } from '@hostelhub/contracts';
import { answerDialog, dismissDialog, expectDialog } from '@/testing/dialogs';
import { renderPage, studentProfile } from '@/testing/render';
import { server, onEndpoint } from '@/testing/server';
import { signedInHintKey } from '@/lib/auth/signed-in-hint';
import { RequestedMealsPage } from './pages/requested-meals';

// Firebase Auth is the edge here: someone is already signed in, and signing out works.
const firebase = vi.hoisted(() => ({ current: null as unknown, listeners: new Set<(user: unknown) => void>() }));
vi.mock('@/lib/auth/firebase-auth', () => ({
  watchAuthState: (listener: (user: unknown) => void) => {
    firebase.listeners.add(listener);
    queueMicrotask(() => listener(firebase.current));
    return () => firebase.listeners.delete(listener);
  },
  signOutOfFirebase: async () => {
    firebase.current = null;
    firebase.listeners.forEach((listener) => listener(null));
  },
}));

const pending: RequestedMeal = {
  _id: 'r1',
  mealId: 'meal-r1',
  title: 'Lentil Soup',
  likes: 3,
  reviews_count: 2,
  status: 'pending',
  userEmail: studentProfile.email,
  userName: studentProfile.name,
  requestedAt: '2026-11-20T10:00:00.000Z',
  servedAt: null,
  cancelledAt: null,
  priority: false,
};

/** Every message title sweetalert2 shows, in order, however briefly. */
function recordDialogTitles() {
  const titles: string[] = [];
  const observer = new MutationObserver(() => {
    const title = document.querySelector('.swal2-container .swal2-title')?.textContent;
    if (title && titles.at(-1) !== title) titles.push(title);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  return { titles, stop: () => observer.disconnect() };
}

/** An answer of the fake API for one endpoint, as `onEndpoint` takes it. */
type Fake<E extends Endpoint> = Parameters<typeof onEndpoint<E>>[1];

/**
 * Requested Meals for the signed-in student with one pending request: the API token exchange
 * answered by `jwt` and the cancel by `cancel`. Resolves with the request's Cancel button.
 */
function openRequestedMeals(jwt: Fake<typeof endpoints.jwt>, cancel: Fake<typeof endpoints.cancelRequest>) {
  server.use(
    onEndpoint(endpoints.jwt, jwt),
    onEndpoint(endpoints.user, () => HttpResponse.json(studentProfile)),
    onEndpoint(endpoints.requestedMeals, () => HttpResponse.json({ items: [pending], nextCursor: null })),
    onEndpoint(endpoints.cancelRequest, cancel),
  );
  renderPage('/dashboard/requested-meal', RequestedMealsPage, 'provider');
  return screen.findByRole('button', { name: 'Cancel the request for Lentil Soup' });
}

beforeEach(() => {
  firebase.listeners.clear();
  // This browser signed in before, so the session provider asks Firebase at once.
  localStorage.setItem(signedInHintKey, '1');
  firebase.current = {
    uid: studentProfile._id,
    email: studentProfile.email,
    displayName: studentProfile.name,
    photoURL: null,
    getIdToken: async () => 'firebase-id-token',
  };
});

test('a dashboard action refused with 401 ends the session with exactly one dialog', async () => {
  const cancel = await openRequestedMeals(
    () => HttpResponse.json({ token: 'api-token' }),
    () => HttpResponse.json({ message: 'Token expired' }, { status: 401 }),
  );
  const user = userEvent.setup();
  const dialogs = recordDialogTitles();
  await user.click(cancel);
  await answerDialog(user, 'Yes, cancel it');

  await expectDialog('Your session has ended', 'Please log in again.');
  expect(localStorage.getItem('token')).toBeNull();
  await dismissDialog(user);
  // Give a second dialog every chance to appear.
  await new Promise((resolve) => setTimeout(resolve, 500));
  dialogs.stop();
  expect(dialogs.titles).toEqual(['Cancel this request?', 'Your session has ended']);
  await waitFor(() => expect(document.querySelector('.swal2-container')).toBeNull());
});

test("a 403 on a row shows the server's message and keeps the session", async () => {
  const cancel = await openRequestedMeals(
    () => HttpResponse.json({ token: 'api-token' }),
    () => HttpResponse.json({ message: 'This meal request is not yours' }, { status: 403 }),
  );
  const user = userEvent.setup();
  await user.click(cancel);
  await answerDialog(user, 'Yes, cancel it');
  await expectDialog('This meal request is not yours');
  await dismissDialog(user);
  expect(localStorage.getItem('token')).toBe('api-token');
  expect(firebase.current).not.toBeNull();
});

test('an expired token is renewed without a word and the action goes through', async () => {
  let minted = 0;
  let cancelledWith: string | null = null;
  const cancel = await openRequestedMeals(
    () => HttpResponse.json({ token: `api-token-${++minted}` }),
    // The API refuses every token but the newest, as it refuses an expired one.
    ({ request }) => {
      const token = request.headers.get('authorization');
      if (token !== `Bearer api-token-${minted}`)
        return HttpResponse.json({ message: 'Token expired' }, { status: 401 });
      cancelledWith = token;
      return HttpResponse.json({ modifiedCount: 1 });
    },
  );
  const user = userEvent.setup();
  localStorage.setItem('token', 'expired-token');
  const dialogs = recordDialogTitles();
  await user.click(cancel);
  await answerDialog(user, 'Yes, cancel it');
  await waitFor(() => expect(cancelledWith).toBe('Bearer api-token-2'));
  await new Promise((resolve) => setTimeout(resolve, 300));
  dialogs.stop();
  expect(dialogs.titles).toEqual(['Cancel this request?']);
  expect(localStorage.getItem('token')).toBe('api-token-2');
  expect(firebase.current).not.toBeNull();
});

test('when the token cannot be renewed (account disabled) the session ends with the dialog', async () => {
  let minted = 0;
  const cancel = await openRequestedMeals(
    // The first exchange works; after the account is disabled the exchange is refused.
    () =>
      ++minted === 1
        ? HttpResponse.json({ token: 'api-token' })
        : HttpResponse.json({ message: 'Your session has ended: sign in again' }, { status: 401 }),
    () => HttpResponse.json({ message: 'Token expired' }, { status: 401 }),
  );
  const user = userEvent.setup();
  await user.click(cancel);
  await answerDialog(user, 'Yes, cancel it');
  await expectDialog('Your session has ended', 'Please log in again.');
  expect(minted).toBe(2);
  expect(localStorage.getItem('token')).toBeNull();
  expect(firebase.current).toBeNull();
  await dismissDialog(user);
});
