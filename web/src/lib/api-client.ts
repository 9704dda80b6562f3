// The one HTTP client for the REST API. It adds the stored token and turns an expired or
// refused session (401/403 on a call that sent a token) into a logout, in one place.

export const tokenStorageKey = 'token';
const apiBase = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** A 401/403: the client has already ended the session and the user has been told. */
export const isSessionEndingError = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 401 || error.status === 403);

type SessionEndedListener = (status: number) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Called with the status when a protected call is refused; the auth layer logs out. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export const getStoredToken = () => localStorage.getItem(tokenStorageKey);
export const storeToken = (token: string) => localStorage.setItem(tokenStorageKey, token);
export const clearStoredToken = () => localStorage.removeItem(tokenStorageKey);

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  /** Send the stored token (default true when one is stored). */
  auth?: boolean;
  /** Replace the stored token for this call (the Firebase ID token for POST /jwt). */
  bearer?: string;
  signal?: AbortSignal;
};

export type ApiResponse<T> = { status: number; data: T };

function urlFor(path: string, query: RequestOptions['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${apiBase}${path}${search ? `?${search}` : ''}`;
}

/** Calls the API; resolves with status and JSON for 2xx, rejects with ApiRequestError otherwise. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.bearer ?? (options.auth === false ? null : getStoredToken());
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(urlFor(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'Cannot reach the server. Check your connection and try again.', null);
  }

  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message =
      (data as { message?: string } | null)?.message ?? `The server answered ${response.status}. Please try again.`;
    // A 401 or 403 on a protected call ends the session (the token is dead or the identity
    // wrong). The API therefore keeps
    // 403 for refusals of identity or role; a missing membership is 402, a conflict 409.
    if ((response.status === 401 || response.status === 403) && token && !options.bearer) {
      sessionEndedListeners.forEach((listener) => listener(response.status));
    }
    throw new ApiRequestError(response.status, message, data);
  }
  return { status: response.status, data: data as T };
}

/** The body only, for query functions. */
export const apiGet = async <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
  (await apiRequest<T>(path, options)).data;
