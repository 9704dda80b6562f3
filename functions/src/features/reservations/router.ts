import { Router } from 'express';
import { endpoints, reservationOutcomeUnknownMessage } from '@hostelhub/contracts';
import { caller } from '../../lib/auth.js';
import { answerAtDeadline } from '../../lib/deadline.js';
import { handle, handleRaw } from '../../lib/route.js';
import { myReservations } from '../requests/lists.js';
import { outcomeAnswer } from '../requests/service.js';
import { cancelReservationAt, reserveAsMember } from './service.js';

export const reservationsRouter = Router();

// A reservation still in flight at the deadline may commit after the answer: the answer says
// so, and repeating it answers 208 with the place it holds (ADR 0047).
answerAtDeadline('POST', endpoints.reserve.path, () => ({
  message: reservationOutcomeUnknownMessage,
  outcome: 'unknown',
}));

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
  await cancelReservationAt(params.id, caller(res).uid);
  return { deletedCount: 1 };
});

/** GET /my-reservations: a page of the caller's reservations from today on, by day. */
handle(reservationsRouter, endpoints.myReservations, ({ query }, res) => myReservations(caller(res).uid, query));
