import { searchTokensFor } from '../../shared/meal-search.js';

/** Admins find users by the start of any word of their name or email ("ada", "hostelhub"). */
export function userSearchTokens(name: string, email: string): string[] {
  return searchTokensFor(`${name} ${email}`);
}
