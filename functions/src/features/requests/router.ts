import { Router } from 'express';
import { endpoints, reservationOutcomeUnknownMessage } from '@hostelhub/contracts';
import { adminProfile, caller, emailInScope } from '../../lib/auth.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { answerAtDeadline } from '../../lib/deadline.js';
import { handle, handleRaw } from '../../lib/route.js';
import { cancelRequest, markDelivered, undoServe } from './lifecycle.js';
import { listRequestedMeals } from './lists.js';
import { outcomeAnswer, requestMealAsMember, requestQuota } from './service.js';

export const requestsRouter = Router();

// A reservation still in flight at the deadline may commit after the answer: the answer says
// so and where to look, and repeating it answers the truth (ADR 0047).
answerAtDeadline('POST', endpoints.requestMeal.path, (req) =>
  typeof req.body?.servingId === 'string'
    ? { message: reservationOutcomeUnknownMessage, outcome: 'unknown' }
    : undefined,
);

/**
 * POST /meal-request: a member asks for a meal; 208 with the request they hold while an
 * earlier one is pending. Past the deadline a reservation may still be written, so that answer
 * says the outcome is unknown and where to look (ADR 0047); repeating it answers the truth.
 */
handleRaw(requestsRouter, endpoints.requestMeal, async ({ body }, _req, res) => {
  const user = caller(res);
  assertOwnEmail(body.userEmail, user.email);
  const answer = outcomeAnswer(await requestMealAsMember(body.mealId, user, body.servingId));
  res.status(answer.status).json(answer.body);
});

/** GET /meal-request/quota: the caller's requests this week, their limit and when it resets. */
handle(requestsRouter, endpoints.requestQuota, (_input, res) => requestQuota(caller(res).uid));

/** PATCH /meal-request/{id}/cancel: the owner withdraws a pending request. */
handle(requestsRouter, endpoints.cancelRequest, async ({ params }, res) => {
  await cancelRequest(params.id, caller(res).uid);
  return { modifiedCount: 1 };
});

/**
 * GET /requested-meals: a student's own requests (?email= may only name themselves);
 * an admin without ?email= gets everyone's, optionally narrowed by ?search=.
 */
handle(requestsRouter, endpoints.requestedMeals, async ({ query }, res) => {
  const email = query.email ? await emailInScope(res, query.email) : undefined;
  return listRequestedMeals(caller(res), { ...query, email });
});

/** PATCH /requested-meal/status/update: kitchen staff or an admin serves a pending request. */
handle(requestsRouter, endpoints.serveRequest, ({ body }, res) =>
  markDelivered(body.id, { uid: caller(res).uid, name: adminProfile(res).name }),
);

/** PATCH /requested-meal/status/undo: staff or an admin takes a serve back within its minute (409 after). */
handle(requestsRouter, endpoints.undoServe, ({ body }) => undoServe(body.id));
