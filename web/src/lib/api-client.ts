// The one HTTP client for the REST API. It adds the stored token; when the API refuses that
// token (401) it has the token renewed once and repeats the call, and only when renewal
// fails does it end the session, in one place.

import { endpointPath, type AnswerOf, type ApiTransport, type BodyOf, type Route } from '@hostelhub/contracts';
import { appCheckHeader, appCheckToken } from './app-check';
import { env } from './env';

export const tokenStorageKey = 'token';
const apiBase = env.apiUrl;

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
    /** True when this refusal ended the session (the user has been told already). */
    readonly endedSession = false,
    /** Seconds the server asked to wait before trying again (Retry-After on a 429 or 503). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * What the server answers when a request ran past its deadline (a stalled database): nothing
 * was refused, so the same call may simply be made again.
 */
export const tryAgainMessage = 'Try again in a moment';

/** A call the server could not finish in time (503): worth repeating as it was. */
export const isTryAgainError = (error: unknown) => error instanceof ApiRequestError && error.status === 503;

/**
 * Whether a failed read is repeated by itself before the page shows the error: once, except
 * when the server already asked the user to wait (503 after its deadline, 429 over a limit),
 * where the page offers its own Try again at once.
 */
export const retryFailedRead = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiRequestError && (error.status === 503 || error.status === 429));

/**
 * Whether a write the API answers truthfully when repeated (a reservation: 208 with the place
 * already held) is repeated by itself before the member sees an error: after a 5xx or a lost
 * connection, up to three more times (ADR 0047). A refusal (4xx) is final.
 */
export const retryRepeatableWrite = (failureCount: number, error: unknown) =>
  failureCount < 3 && error instanceof ApiRequestError && (error.status === 0 || error.status >= 500);

/** The pause before such a repeat: growing from half a second, never past what the server asked, at most 3 s. */
export const repeatDelayMs = (failureCount: number, error: unknown) => {
  const asked = error instanceof ApiRequestError && error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : Infinity;
  return Math.min(500 * 2 ** failureCount, asked, 3000);
};

/** A refusal that ended the session: the client has logged out and the user has been told. */
export const isSessionEndingError = (error: unknown) => error instanceof ApiRequestError && error.endedSession;

/**
 * Mints a new API token from the Firebase session and stores it; resolves with it, or null
 * when the account cannot get one any more (signed out, disabled, deleted, revoked). The
 * session provider registers it.
 */
export type TokenRenewer = () => Promise<string | null>;
let tokenRenewer: TokenRenewer | null = null;
let renewalInFlight: Promise<string | null> | null = null;

export function setTokenRenewer(renewer: TokenRenewer): () => void {
  tokenRenewer = renewer;
  return () => {
    if (tokenRenewer === renewer) tokenRenewer = null;
  };
}

/** Renews the API token; calls refused at the same moment share one renewal. */
export function renewApiToken(): Promise<string | null> {
  if (!tokenRenewer) return Promise.resolve(null);
  renewalInFlight ??= tokenRenewer()
    .catch(() => null)
    .finally(() => {
      renewalInFlight = null;
    });
  return renewalInFlight;
}

/**
 * When a token was issued and when it expires (ms since the epoch), read from its `iat` and
 * `exp` claims, both set by the API's clock; null if unreadable.
 */
export function tokenTimes(token: string): { issuedAt: number | null; expiresAt: number } | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; iat?: unknown };
    if (typeof claims.exp !== 'number') return null;
    return { issuedAt: typeof claims.iat === 'number' ? claims.iat * 1000 : null, expiresAt: claims.exp * 1000 };
  } catch {
    return null;
  }
}

type SessionEndedListener = (status: number) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** Called with the status when a protected call is refused; the auth layer logs out. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

// A server rendering a public page (src/prerender.tsx) has no storage: it reads as a visitor.
export const getStoredToken = () =>
  typeof localStorage === 'undefined' ? null : localStorage.getItem(tokenStorageKey);
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
  /** Set on the one repeat after a renewal, so a refused call is repeated at most once. */
  renewed?: boolean;
  /** 'text': a 2xx answer's body as it came (a CSV download), not parsed as JSON. */
  responseType?: 'json' | 'text';
};

export type ApiResponse<T> = {
  status: number;
  data: T;
  /** The answer's headers, kept for a text answer (a download's name in its Content-Disposition). */
  headers?: Headers;
};

// How a call reaches the API (ApiTransport, in the contracts): the browser's fetch, or on the
// server that renders the public pages, the API answering in the same process
// (functions/src/features/pages). Same URLs, same answers either way.
/** How a call reaches the API here: fetch's shape, with fetch's types. */
export type Transport = ApiTransport<RequestInit, Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** The server's transport, set once by the server renderer. */
export function setApiTransport(serverTransport: Transport) {
  transport = serverTransport;
}

function urlFor(path: string, query: RequestOptions['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${apiBase}${path}${search ? `?${search}` : ''}`;
}

/** What a call made with no connection is told: nothing is pretended to have been done (ADR 79). */
export const needsConnectionMessage = 'You are offline: this needs a connection. Try again once you are back online.';

/** Calls the API; resolves with status and JSON for 2xx, rejects with ApiRequestError otherwise. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: options.responseType === 'text' ? '*/*' : 'application/json' };
  const token = options.bearer ?? (options.auth === false ? null : getStoredToken());
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const appCheck = await appCheckToken();
  if (appCheck) headers[appCheckHeader] = appCheck;

  const url = urlFor(path, options.query);
  let response: Response;
  try {
    response = await transport(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    throw new ApiRequestError(
      0,
      offline ? needsConnectionMessage : 'Cannot reach the server. Check your connection and try again.',
      null,
    );
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
      (data as { message?: string } | null)?.message ??
      (response.status === 503 ? tryAgainMessage : `The server answered ${response.status}. Please try again.`);
    const retryAfter = Number(response.headers.get('retry-after'));
    const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
    // A 401 on a call that sent the stored token: the token ran out or the account changed.
    // Renew it once from the Firebase session and repeat the call; only a failed renewal
    // ends the session. A 403 is a refusal of this action (another user's row, a role),
    // shown like any error: it says nothing about the session.
    if (response.status === 401 && token && !options.bearer) {
      if (!options.renewed && (await renewApiToken())) return apiRequest<T>(path, { ...options, renewed: true });
      sessionEndedListeners.forEach((listener) => listener(response.status));
      throw new ApiRequestError(response.status, message, data, true);
    }
    throw new ApiRequestError(response.status, message, data, false, retryAfterSeconds);
  }
  if (options.responseType === 'text') return { status: response.status, data: text as T, headers: response.headers };
  return { status: response.status, data: data as T };
}

/** The body only, for query functions. */
export const apiGet = async <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
  (await apiRequest<T>(path, options)).data;

/** What a call of an endpoint sends: its path's `:name` segments, its query and its body. */
export type EndpointCall<E extends Route> = Omit<RequestOptions, 'method' | 'body'> & {
  params?: Record<string, string>;
  body?: BodyOf<E>;
};

/**
 * Calls an entry of the contracts' endpoint table (packages/contracts/src/routes.ts): its
 * method and path come from the table and the answer is typed as the table says, so a
 * fetcher cannot call a route the API lacks or read an answer the API does not give.
 */
export function callEndpoint<E extends Route>(
  endpoint: E,
  { params, ...options }: EndpointCall<E> = {},
): Promise<ApiResponse<AnswerOf<E>>> {
  const method = endpoint.method.toUpperCase() as NonNullable<RequestOptions['method']>;
  return apiRequest<AnswerOf<E>>(endpointPath(endpoint.path, params), { ...options, method });
}

/** The answer only, for query and mutation functions. */
export const fetchEndpoint = async <E extends Route>(endpoint: E, call: EndpointCall<E> = {}) =>
  (await callEndpoint(endpoint, call)).data;
