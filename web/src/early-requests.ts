// Loaded by each prerendered page's HTML (web/scripts/prerender.mjs) ahead of the main bundle:
// starts the page's first API reads at once (lib/early-requests.ts says which).
import { earlyRequestsFor } from './lib/early-requests';

const apiBase = import.meta.env.VITE_API_URL ?? '/api';
const signedIn = localStorage.getItem('token') !== null;
window.earlyResponses = new Map(
  earlyRequestsFor(location.pathname, location.search, signedIn, apiBase).map((url) => [
    url,
    fetch(url, { headers: { accept: 'application/json' } }),
  ]),
);
