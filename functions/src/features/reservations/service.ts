// Reserving and giving back a place at a serving: POST and DELETE /servings/{id}/reservation,
// and POST /meal-request with a servingId (the same reservation by its older name). The
// checks and writes themselves are reserve.ts's and write.ts's; cancelling closes the request
// record as every request is closed (lib/requests/lifecycle.ts).
import type { TokenClaims } from '../../lib/api-token.js';
import { currentTime } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { mailRecipientIfReachable } from '../../lib/mail-recipients.js';
import { cancelRequest } from '../../lib/requests/lifecycle.js';
import { requestRef, type RequestOutcome } from '../../lib/requests/records.js';
import { memberRequester } from '../../lib/requests/requester.js';
import { holdRef, servingRef } from '../../lib/servings.js';
import { reserveServing } from './reserve.js';
import { countedByDefault, countedLabel, countedMessage, skipServing } from './default-booking.js';

export const noReservationMessage = 'You hold no reservation for this serving';

/**
 * A member reserves a place at a serving of `mealId` (402 without a membership, 409 full or
 * closed, 208 naming the place already held). Who is told by email is read before the
 * transaction: the address and its verification come from Firebase Auth.
 */
export async function reserveMealAsMember(
  mealId: string,
  servingId: string,
  user: TokenClaims,
  now: Date = currentTime(),
): Promise<RequestOutcome> {
  const [requester, recipient, byDefault] = await Promise.all([
    memberRequester(user, now),
    mailRecipientIfReachable(user.uid),
    countedByDefault(user.uid, servingId),
  ]);
  // Booked by default at their own hall (ADR 74): reserving takes back a skip, if any.
  if (byDefault) {
    await skipServing(servingId, user.uid, false);
    return { created: false, message: countedMessage(await countedLabel(servingId)) };
  }
  return reserveServing(servingId, { mealId, requester, now, recipient });
}

/** POST /servings/{id}/reservation: as reserveMealAsMember with the serving's own meal. */
export async function reserveAsMember(servingId: string, user: TokenClaims): Promise<RequestOutcome> {
  const serving = (await servingRef(servingId).get()).data();
  if (!serving) throw notFound('Serving not found');
  return reserveMealAsMember(serving.mealId, servingId, user);
}

/**
 * DELETE /servings/{id}/reservation: as PATCH /meal-request/{id}/cancel for the reservation the
 * caller holds at this serving (409 after the cutoff or once served). Their hold on the serving
 * names it; 404 when they hold none, a cancelled one included (its hold left behind by hand).
 */
export async function cancelReservationAt(servingId: string, uid: string): Promise<number> {
  const requestId = (await holdRef(servingId, uid).get()).data()?.requestId;
  const held = requestId === undefined ? undefined : (await requestRef(requestId).get()).data();
  if (requestId === undefined || !held || held.status === 'cancelled') {
    // Booked by default at their own hall (ADR 74): cancelling skips the serving.
    if (await countedByDefault(uid, servingId)) return (await skipServing(servingId, uid, true)) ? 1 : 0;
    throw notFound(noReservationMessage);
  }
  await cancelRequest(requestId, uid);
  return 1;
}
