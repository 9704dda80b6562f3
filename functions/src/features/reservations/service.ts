// Reservations named by their serving (POST and DELETE /servings/{id}/reservation): the serving
// says what is reserved, the token who. Each call finds what the request-shaped calls take (the
// serving's meal, the member's request) and goes through them, so a reservation is made and
// cancelled by one set of rules, whichever call the client uses (issue 51's first step: the
// services themselves move here later).
import type { TokenClaims } from '../../lib/api-token.js';
import { notFound } from '../../lib/errors.js';
import { reservationSlotRef, servingRef } from '../../lib/servings.js';
import { cancelRequest } from '../requests/lifecycle.js';
import { requestRef, type RequestOutcome } from '../requests/records.js';
import { requestMealAsMember } from '../requests/service.js';

export const noReservationMessage = 'You hold no reservation for this serving';

/**
 * POST /servings/{id}/reservation: as POST /meal-request with this serving and its meal (402
 * without a membership, 409 full or closed, 208 naming the place already held).
 */
export async function reserveAsMember(servingId: string, user: TokenClaims): Promise<RequestOutcome> {
  const serving = (await servingRef(servingId).get()).data();
  if (!serving) throw notFound('Serving not found');
  return requestMealAsMember(serving.mealId, user, servingId);
}

/**
 * DELETE /servings/{id}/reservation: as PATCH /meal-request/{id}/cancel for the reservation the
 * caller holds at this serving (409 after the cutoff or once served). Their reservation slot
 * names it; 404 when they hold none, a cancelled one included (its slot left behind by hand).
 */
export async function cancelReservationAt(servingId: string, uid: string): Promise<void> {
  const requestId = (await reservationSlotRef(servingId, uid).get()).data()?.requestId;
  const held = requestId === undefined ? undefined : (await requestRef(requestId).get()).data();
  if (requestId === undefined || !held || held.status === 'cancelled') throw notFound(noReservationMessage);
  await cancelRequest(requestId, uid);
}
