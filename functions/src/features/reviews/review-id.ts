import { createHmac } from 'node:crypto';

/**
 * The id of a user's review of a meal. It is derived from the meal and the author, so that
 * one review per user per meal stays structural (a second create fails), but it is keyed
 * with the API's secret (`secret`: the JWT signing key, used here under a purpose of its
 * own): review ids are public, and without the key nobody can compute which id a given uid
 * would have, so an id says nothing about who wrote it. Plain Node (the seed) calls this too.
 */
export function reviewIdFor(mealId: string, uid: string, secret: string): string {
  return createHmac('sha256', secret).update(`review-id\n${mealId}\n${uid}`).digest('base64url').slice(0, 24);
}
