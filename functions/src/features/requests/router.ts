import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { adminProfile, caller, emailInScope } from '../../lib/auth.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { handle, handleRaw } from '../../lib/route.js';
import { cancelRequest, markDelivered, undoServe } from '../../lib/requests/lifecycle.js';
import { listRequestedMeals } from './lists.js';
import { outcomeAnswer } from '../../lib/requests/requester.js';
import { requestMealAsMember, requestQuota } from './service.js';

export const requestsRouter = Router();

/**
 * POST /meal-request: a member asks for a meal; 208 with the request they hold while an
 * earlier one is pending. With a servingId it is a reservation, answered before this by
 * features/reservations/router.ts (a servingId that is not a string is refused here).
 */
handleRaw(requestsRouter, endpoints.requestMeal, async ({ body }, _req, res) => {
  const user = caller(res);
  assertOwnEmail(body.userEmail, user.email);
  const answer = outcomeAnswer(await requestMealAsMember(body.mealId, user));
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
