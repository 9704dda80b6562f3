import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/server';
import { ApiRequestError, apiGet, apiRequest, onSessionEnded, storeToken, tokenStorageKey } from './api-client';

beforeEach(() => localStorage.clear());

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

  it.each([401, 403])('ends the session on %i from a call that carried the token', async (status) => {
    server.use(http.get('*/api/user', () => HttpResponse.json({ message: 'no' }, { status })));
    const ended = vi.fn();
    const stop = onSessionEnded(ended);
    storeToken('expired');
    await expect(apiGet('/user')).rejects.toMatchObject({ status });
    expect(ended).toHaveBeenCalledWith(status);
    stop();
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
