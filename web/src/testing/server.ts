// The network edge for component tests: handlers answer the API (and the image host and
// Stripe), and a request nobody answers fails the test that made it (see setup.ts).
import { setupServer } from 'msw/node';

export const server = setupServer();

/** Absolute URL of an API path as the site calls it in tests. */
export const apiUrl = (path: string) => `${window.location.origin}/api${path}`;
