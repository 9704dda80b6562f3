import { Router } from 'express';
import { caller, emailInScope, loadProfile, requireAdmin, requireUser } from '../../lib/auth.js';
import { ApiError, forbidden } from '../../lib/errors.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { validate, validQuery } from '../../lib/validate.js';
import { normalizeSearch } from '../../shared/meal-search.js';
import { allRequests, requestsByEmail, requestsOfUser } from './queries.js';
import {
  mealRequestBody,
  requestIdParams,
  requestedMealsQuery,
  statusUpdateBody,
  type MealRequestBody,
  type RequestedMealsQuery,
  type StatusUpdateBody,
} from './schemas.js';
import { cancelRequest, markDelivered, readRequestPage, requestMeal } from './service.js';

export const requestsRouter = Router();

/** POST /meal-request: a member asks for a meal; 208 while an earlier request is pending. */
requestsRouter.post('/meal-request', requireUser, validate({ body: mealRequestBody }), async (req, res) => {
  const { uid, email } = caller(res);
  const body = req.body as MealRequestBody;
  assertOwnEmail(body.userEmail, email);
  const profile = await loadProfile(uid);
  if (!profile?.membership) throw new ApiError(402, 'A membership is required to request meals');
  const outcome = await requestMeal(body.mealId, { uid, email, profile });
  if (!outcome.created) {
    res.status(208).json({ message: 'You have already requested this meal' });
    return;
  }
  res.status(201).json({ insertedId: outcome.insertedId });
});

/** PATCH /meal-request/{id}/cancel: the owner withdraws a pending request. */
requestsRouter.patch(
  '/meal-request/:id/cancel',
  requireUser,
  validate({ params: requestIdParams }),
  async (req, res) => {
    await cancelRequest(String(req.params.id), caller(res).uid);
    res.json({ modifiedCount: 1 });
  },
);

/**
 * GET /requested-meals: a student's own requests (?email= may only name themselves);
 * an admin without ?email= gets everyone's, optionally narrowed by ?search=.
 */
requestsRouter.get('/requested-meals', requireUser, validate({ query: requestedMealsQuery }), async (_req, res) => {
  const { uid, email: callerEmail } = caller(res);
  const query = validQuery<RequestedMealsQuery>(res);
  if (query.email) {
    const email = await emailInScope(res, query.email);
    const scoped =
      email.toLowerCase() === callerEmail.toLowerCase() ? requestsOfUser(uid) : requestsByEmail(email.toLowerCase());
    res.json(await readRequestPage(scoped, query.limit, query.cursor));
    return;
  }
  const profile = await loadProfile(uid);
  if (profile?.role === 'admin') {
    const token = normalizeSearch(query.search ?? '');
    res.json(await readRequestPage(allRequests(token || undefined), query.limit, query.cursor));
    return;
  }
  // Everyone's requests and searching them are for admins only.
  if (query.role === 'admin' || query.search) throw forbidden('Admins only');
  res.json(await readRequestPage(requestsOfUser(uid), query.limit, query.cursor));
});

/** PATCH /requested-meal/status/update: an admin serves a pending request. */
requestsRouter.patch(
  '/requested-meal/status/update',
  requireUser,
  requireAdmin,
  validate({ body: statusUpdateBody }),
  async (req, res) => {
    res.json(await markDelivered((req.body as StatusUpdateBody).id));
  },
);
