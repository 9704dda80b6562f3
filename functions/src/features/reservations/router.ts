import { Router, type Request } from 'express';
import { endpoints, reservationOutcomeUnknownMessage } from '@hostelhub/contracts';
import { caller } from '../../lib/auth.js';
import { answerAtDeadline } from '../../lib/deadline.js';
import { handle, handleRaw } from '../../lib/route.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { outcomeAnswer } from '../../lib/requests/requester.js';
import { myReservations } from './lists.js';
import { cancelReservationAt, reserveAsMember, reserveMealAsMember } from './service.js';

export const reservationsRouter = Router();

// A reservation still in flight at the deadline may commit after the answer: the answer says
// so, and repeating it answers 208 with the place it holds (ADR 0047).
const outcomeUnknown = { message: reservationOutcomeUnknownMessage, outcome: 'unknown' } as const;
answerAtDeadline('POST', endpoints.reserve.path, () => outcomeUnknown);
answerAtDeadline('POST', endpoints.requestMeal.path, (req) => (namesServing(req) ? outcomeUnknown : undefined));

/** POST /meal-request with a servingId string is a reservation; without one, an undated request (features/requests). */
const namesServing = (req: Request) => typeof req.body?.servingId === 'string';

/** POST /meal-request naming a serving: a reservation by its older name, answered as POST /servings/{id}/reservation. */
reservationsRouter.post(endpoints.requestMeal.path, (req, _res, next) =>
  next(namesServing(req) ? undefined : 'router'),
);
handleRaw(reservationsRouter, endpoints.requestMeal, async ({ body }, _req, res) => {
  const user = caller(res);
  assertOwnEmail(body.userEmail, user.email);
  const answer = outcomeAnswer(await reserveMealAsMember(body.mealId, body.servingId!, user));
  res.status(answer.status).json(answer.body);
});

/**
 * POST /servings/{id}/reservation: the caller reserves a place at the serving; 201 with the
 * reservation's id, or 208 naming the one they hold (a repeat after a lost answer gets it).
 */
handleRaw(reservationsRouter, endpoints.reserve, async ({ params }, _req, res) => {
  const answer = outcomeAnswer(await reserveAsMember(params.id, caller(res)));
  res.status(answer.status).json(answer.body);
});

/** DELETE /servings/{id}/reservation: the caller gives their place back before the cutoff. */
handle(reservationsRouter, endpoints.cancelReservation, async ({ params }, res) => {
  return { deletedCount: await cancelReservationAt(params.id, caller(res).uid) };
});

/** GET /my-reservations: a page of the caller's reservations from today on, by day. */
handle(reservationsRouter, endpoints.myReservations, ({ query }, res) => myReservations(caller(res).uid, query));
