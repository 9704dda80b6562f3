// The API reads a public page makes first, asked for by the page's HTML (src/early-requests.ts,
// a small script of its own) while the main bundle is still on its way, so the answers travel
// alongside the JavaScript. The API client takes each answer (`takeEarlyResponse` in
// api-client.ts) instead of asking again. Imported only by that script, so it stays tiny.
//
// Only reads every visitor makes in the same words: a signed-in caller sends a token (their
// answers carry `liked` and `mine`), and a filtered list asks for other pages, so those ask as
// usual. The URLs are the ones the pages' fetchers build; the e2e suite fails when a page
// asks for one of them a second time, and a unit test checks the page size.
import { paths } from './paths';

/** The answers started early, by URL; each is taken once. */
export type EarlyResponses = Map<string, Promise<Response>>;

declare global {
  interface Window {
    earlyResponses?: EarlyResponses;
  }
}

/** The API URLs the page at `path` (with `search`) reads first, under `apiBase`. */
export function earlyRequestsFor(path: string, search: string, signedIn: boolean, apiBase = '/api'): string[] {
  // The home page's lists are public and never sent with a token.
  if (path === paths.home) return [`${apiBase}/mealsByCategory`, `${apiBase}/packages`];
  // The week from today: the same URL whatever the day (the API's default), never sent with a
  // token, so the same for members; another week (?from=) asks as usual.
  if (path === paths.menu) return search === '' ? [`${apiBase}/menu`] : [];
  if (signedIn || search !== '') return [];
  if (path === paths.meals) return [`${apiBase}/meals?page=1&limit=6`];
  if (path === paths.upcomingMeals) return [`${apiBase}/upcoming-meals`];
  const meal = /^\/meal\/([^/]+)$/.exec(path);
  if (meal) return [`${apiBase}/meal/${meal[1]}`];
  return [];
}
