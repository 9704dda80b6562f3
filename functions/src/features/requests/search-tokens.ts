import { searchTokensFor } from '../../shared/meal-search.js';

/**
 * Words of the requester's name and email, stored on each request so an admin can find
 * requests by the start of any of them with one array-contains query. The demo seed uses
 * this too, so seeded requests are found the same way.
 */
export function requesterSearchTokens(name: string, email: string): string[] {
  return [...new Set([...searchTokensFor(name), ...searchTokensFor(email)])];
}
