// Loaded by each prerendered page's HTML (web/scripts/prerender.mjs) ahead of the main bundle:
// starts the page's first API reads at once (lib/early-requests.ts says which).
import { earlyRequestsFor } from './lib/early-requests';
import { env } from './lib/env';

const signedIn = localStorage.getItem('token') !== null;
window.earlyResponses = new Map(
  earlyRequestsFor(location.pathname, location.search, signedIn, env.apiUrl).map((url) => [
    url,
    fetch(url, { headers: { accept: 'application/json' } }),
  ]),
);
