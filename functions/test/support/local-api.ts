// Another instance of the same Express app as the `api` function, served from the test process
// against this file's emulator project: for tests that need settings of their own (limits, a
// deadline, App Check enforced, stand-in routes) or two instances on one database. Every file
// already has the app's own instance at `call(...)` (support/in-process.mts); concurrent
// requests really are in flight together there, as on one Cloud Functions instance.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Router } from 'express';
import { afterEach } from 'vitest';
import { routes, type RouteName } from '@hostelhub/contracts';
import { rateLimitSettings } from '../../src/config.js';
import type { AppOptions } from '../../src/app.js';
import { call, developmentJwtSecret, raw, urlOf, type CallArgs, type CallOptions, type Query } from './emulators.js';

export type LocalApi = {
  base: string;
  /** `call` of support/emulators.ts, at this instance. */
  call: <Name extends RouteName>(name: Name, ...args: CallArgs<Name>) => ReturnType<typeof raw>;
  /** `raw` of support/emulators.ts, at this instance: only for paths the table cannot name. */
  raw: (method: string, path: string, options?: CallOptions) => ReturnType<typeof raw>;
  close: () => Promise<void>;
};

/** `routers` and `options` as createApp takes them, e.g. a test's own limits; the app's own by default. */
export async function startLocalApi(options: AppOptions = {}, routers?: Router[]): Promise<LocalApi> {
  // The app reads JWT_SECRET from the environment, as on the emulator, where the run put the
  // same key: tokens minted by POST /jwt on the emulator are valid here. Fail early without it.
  developmentJwtSecret();
  const { createApp } = await import('../../src/app.js');
  const app = createApp(routers, options);
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}/api`;
  return {
    base,
    // The same options with this instance's base: the table's types were checked at the caller.
    call: (name, ...args) =>
      (call as (name: string, options: object) => ReturnType<typeof raw>)(name, { ...args[0], base }),
    raw: (method, path, options = {}) => raw(method, path, { ...options, base }),
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/**
 * A file's local APIs with rate limits of its own (the others as configured), each closed
 * after its test: `const localApi = localApisWithLimits();` at the top of the file.
 */
export function localApisWithLimits() {
  let open: LocalApi[] = [];
  afterEach(async () => {
    await Promise.all(open.map((api) => api.close()));
    open = [];
  });
  return async (limits: Partial<ReturnType<typeof rateLimitSettings>>) => {
    const api = await startLocalApi({ rateLimits: () => ({ ...rateLimitSettings(), ...limits }) });
    open.push(api);
    return api;
  };
}

/** Calls an entry of the table with the headers given, and keeps the Retry-After header too. */
export async function callWithHeaders(
  name: RouteName,
  options: { base: string; query?: Query; headers?: Record<string, string> },
) {
  const response = await fetch(urlOf(name, options as never), {
    method: routes[name].method.toUpperCase(),
    headers: options.headers,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a page): the assertion shows the text.
  }
  return { status: response.status, body, retryAfter: response.headers.get('retry-after') };
}
