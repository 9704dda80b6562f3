// The network edge for component tests: handlers answer the API, anything else fails.
import { setupServer } from 'msw/node';

export const server = setupServer();

/** Absolute URL of an API path as the site calls it in tests. */
export const apiUrl = (path: string) => `${window.location.origin}/api${path}`;
