import { createHash } from 'node:crypto';

/**
 * The id of a user's review of a meal. It is derived from the meal and the author, so that
 * one review per user per meal stays structural (a second create fails), but it is a hash:
 * review ids are public and must not hand out the author's uid.
 */
export function reviewIdFor(mealId: string, uid: string): string {
  return createHash('sha256').update(`review\n${mealId}\n${uid}`).digest('base64url').slice(0, 24);
}
