import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/server';
import {
  ApiRequestError,
  apiGet,
  apiRequest,
  getStoredToken,
  onSessionEnded,
  retryFailedRead,
  setTokenRenewer,
  storeToken,
  tokenTimes,
  tokenStorageKey,
} from './api-client';

beforeEach(() => localStorage.clear());

/**
 * An expired token stored, and a renewal that stores `fresh`: answers the session-ended
 * listener and the renewer, to see what was called, and `stop` to take both away.
 */
function withExpiredTokenRenewedTo(fresh: string) {
  const ended = vi.fn();
  const stopListening = onSessionEnded(ended);
  const renewer = vi.fn(async () => {
    storeToken(fresh);
    return fresh;
  });
  const stopRenewing = setTokenRenewer(renewer);
  storeToken('expired');
  return {
    ended,
    renewer,
    stop: () => {
      stopListening();
      stopRenewing();
    },
  };
}
describe('apiRequest', () => {
  it('sends the stored token and drops empty query values', async () => {
    let seen: { auth: string | null; url: string } | null = null;
    server.use(
      http.get('*/api/meals', ({ request }) => {
        seen = { auth: request.headers.get('authorization'), url: request.url };
        return HttpResponse.json({ meals: [], total: 0 });
      }),
    );
    storeToken('abc');
    const data = await apiGet<{ total: number }>('/meals', { query: { page: 1, search: '', category: 'Lunch' } });
    expect(data.total).toBe(0);
    expect(seen!.auth).toBe('Bearer abc');
    expect(new URL(seen!.url).search).toBe('?page=1&category=Lunch');
  });

  it("rejects with the server's message and status", async () => {
    server.use(
      http.post('*/api/meal-request', () => HttpResponse.json({ message: 'Already requested' }, { status: 208 })),
    );
    // 208 is a success status for fetch; the caller reads it from the response.
    const response = await apiRequest<{ message: string }>('/meal-request', { method: 'POST', body: {} });
    expect(response).toEqual({ status: 208, data: { message: 'Already requested' } });

    server.use(http.get('*/api/meal/x', () => HttpResponse.json({ message: 'Meal not found' }, { status: 404 })));
    const failure = apiGet('/meal/x');
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({ status: 404, message: 'Meal not found' });
  });

  it('ends the session on a 401 from a call that carried the token when no new token can be had', async () => {
    server.use(http.get('*/api/user', () => HttpResponse.json({ message: 'no' }, { status: 401 })));
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    const stopRenewing = setTokenRenewer(async () => null);
    storeToken('expired');
    await expect(apiGet('/user')).rejects.toMatchObject({ status: 401, endedSession: true });
    expect(ended).toHaveBeenCalledWith(401);
    stop();
    stopRenewing();
  });

  it('renews the token once on a 401 and repeats the call with the new one', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('*/api/user', ({ request }) => {
        const auth = request.headers.get('authorization');
        seen.push(auth);
        return auth === 'Bearer fresh'
          ? HttpResponse.json({ name: 'Sam' })
          : HttpResponse.json({ message: 'Token expired' }, { status: 401 });
      }),
    );
    const { ended, renewer, stop } = withExpiredTokenRenewedTo('fresh');
    // Two calls refused at once share one renewal.
    const answers = await Promise.all([apiGet('/user'), apiGet('/user')]);
    expect(answers).toEqual([{ name: 'Sam' }, { name: 'Sam' }]);
    expect(renewer).toHaveBeenCalledTimes(1);
    expect(seen.filter((auth) => auth === 'Bearer expired')).toHaveLength(2);
    expect(ended).not.toHaveBeenCalled();
    expect(getStoredToken()).toBe('fresh');
    stop();
  });

  it('repeats a call at most once: a second 401 with the new token ends the session', async () => {
    server.use(http.get('*/api/user', () => HttpResponse.json({ message: 'no' }, { status: 401 })));
    const { ended, renewer, stop } = withExpiredTokenRenewedTo('fresh');
    await expect(apiGet('/user')).rejects.toMatchObject({ status: 401 });
    expect(renewer).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });

  it("does not end the session on a 403: it refuses this action (someone else's row), not the session", async () => {
    server.use(
      http.patch('*/api/meal-request/r1/cancel', () =>
        HttpResponse.json({ message: 'This meal request is not yours' }, { status: 403 }),
      ),
    );
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    storeToken('valid');
    await expect(apiRequest('/meal-request/r1/cancel', { method: 'PATCH' })).rejects.toMatchObject({
      status: 403,
      message: 'This meal request is not yours',
      endedSession: false,
    });
    expect(ended).not.toHaveBeenCalled();
    expect(getStoredToken()).toBe('valid');
    stop();
  });

  it('reads when a token was issued and expires from its iat and exp claims', () => {
    const payload = btoa(JSON.stringify({ sub: 'u', iat: 1_999_996_400, exp: 2_000_000_000 })).replace(/=+$/, '');
    expect(tokenTimes(`header.${payload}.signature`)).toEqual({
      issuedAt: 1_999_996_400_000,
      expiresAt: 2_000_000_000_000,
    });
    const withoutIat = btoa(JSON.stringify({ sub: 'u', exp: 2_000_000_000 })).replace(/=+$/, '');
    expect(tokenTimes(`header.${withoutIat}.signature`)).toEqual({ issuedAt: null, expiresAt: 2_000_000_000_000 });
    expect(tokenTimes('not-a-token')).toBeNull();
  });

  it('does not end the session for anonymous calls or for other errors', async () => {
    server.use(
      http.get('*/api/user', () => HttpResponse.json({ message: 'no' }, { status: 401 })),
      http.post('*/api/meal-request', () => HttpResponse.json({ message: 'membership' }, { status: 402 })),
    );
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    await expect(apiGet('/user')).rejects.toMatchObject({ status: 401 });
    storeToken('valid');
    await expect(apiRequest('/meal-request', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 402 });
    expect(ended).not.toHaveBeenCalled();
    expect(localStorage.getItem(tokenStorageKey)).toBe('valid');
    stop();
  });

  it('explains a network failure instead of throwing a TypeError', async () => {
    server.use(http.get('*/api/packages', () => HttpResponse.error()));
    await expect(apiGet('/packages')).rejects.toMatchObject({
      status: 0,
      message: expect.stringMatching(/reach the server/),
    });
  });
});

describe('a server that could not answer in time, or a caller over a limit', () => {
  it('turns a 503 into "Try again in a moment" with the wait the server asked for, even without a JSON body', async () => {
    server.use(
      http.get('*/api/meals', () =>
        HttpResponse.json({ message: 'Try again in a moment' }, { status: 503, headers: { 'Retry-After': '5' } }),
      ),
      http.get('*/api/packages', () => new HttpResponse('upstream timeout', { status: 503 })),
    );
    await expect(apiGet('/meals')).rejects.toMatchObject({
      status: 503,
      message: 'Try again in a moment',
      retryAfterSeconds: 5,
    });
    await expect(apiGet('/packages')).rejects.toMatchObject({ status: 503, message: 'Try again in a moment' });
  });

  it("keeps a 429's message and Retry-After, without touching the session", async () => {
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    storeToken('abc');
    server.use(
      http.post('*/api/like', () =>
        HttpResponse.json(
          { message: 'Too many requests: try again in 42 seconds' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    );
    await expect(apiRequest('/like', { method: 'POST', body: { mealId: 'm1' } })).rejects.toMatchObject({
      status: 429,
      message: 'Too many requests: try again in 42 seconds',
      retryAfterSeconds: 42,
      endedSession: false,
    });
    expect(ended).not.toHaveBeenCalled();
    expect(getStoredToken()).toBe('abc');
    stop();
  });
});

it('repeats a failed read once by itself, but not one the server asked to wait for', () => {
  expect(retryFailedRead(0, new ApiRequestError(500, 'oops', null))).toBe(true);
  expect(retryFailedRead(1, new ApiRequestError(500, 'oops', null))).toBe(false);
  expect(retryFailedRead(0, new ApiRequestError(503, 'Try again in a moment', null))).toBe(false);
  expect(retryFailedRead(0, new ApiRequestError(429, 'Too many requests', null))).toBe(false);
});
