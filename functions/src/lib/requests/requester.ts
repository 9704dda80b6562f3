// Who asks, and what they are answered: shared by undated requests (POST /meal-request) and
// reservations (POST /servings/{id}/reservation, and POST /meal-request with a servingId).
import { alreadyRequestedMessage, isMember, membershipRequiredMessage, type MealRequested } from '@hostelhub/contracts';
import type { TokenClaims } from '../api-token.js';
import { ApiError } from '../errors.js';
import { loadProfile } from '../profiles.js';
import type { RequestOutcome, Requester } from './records.js';

/**
 * The caller as a requester. Requesting and reserving are for members: 402 for anyone without
 * a membership now. The quota and the priority later come from the package held now.
 */
export async function memberRequester(user: TokenClaims, now: Date): Promise<Requester> {
  const profile = await loadProfile(user.uid);
  if (!profile || !isMember(profile, now)) throw new ApiError(402, membershipRequiredMessage);
  return { uid: user.uid, email: user.email, profile };
}

/**
 * What a request's outcome is answered with, by POST /meal-request and POST
 * /servings/{id}/reservation alike: 201 with the new request's id, or 208 naming the request
 * the member holds already, so a repeat after a lost answer learns what it made.
 */
export function outcomeAnswer(outcome: RequestOutcome): { status: 201 | 208; body: MealRequested } {
  if (outcome.created) return { status: 201, body: { insertedId: outcome.insertedId } };
  return {
    status: 208,
    body: {
      message: outcome.message ?? alreadyRequestedMessage,
      ...(outcome.requestId ? { requestId: outcome.requestId } : {}),
    },
  };
}
