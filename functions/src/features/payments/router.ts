import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { caller, emailInScope, requireUser } from '../../lib/auth.js';
import { route } from '../../lib/route.js';
import { changePlan, previewPlanChange, setCancelAtPeriodEnd } from './plan-changes.js';
import { alreadyPurchased, paymentHistory } from './service.js';
import { subscribe, syncAfterPayment } from './subscribe.js';

// Every route here is an entry of the endpoint table (packages/contracts/src/endpoints.ts):
// its path, its schemas and its answer type come from there. The ones marked `callsStripe`
// there get the stricter rate limit (app.ts, routes.ts).
export const paymentsRouter = Router();

const {
  alreadyPurchased: purchased,
  paymentHistory: history,
  subscribe: subscribeEndpoint,
  syncSubscription,
  cancelSubscription,
  resumeSubscription,
  previewPlanChange: preview,
  changePlan: change,
} = endpoints;

paymentsRouter.get(
  purchased.path,
  requireUser,
  route(purchased, async ({ query }, _req, res) => {
    res.json(await alreadyPurchased(caller(res), await emailInScope(res, query.email)));
  }),
);

paymentsRouter.get(
  history.path,
  requireUser,
  route(history, async ({ query }, _req, res) => {
    const email = await emailInScope(res, query.email);
    res.json(await paymentHistory(caller(res), email, query.limit, query.cursor));
  }),
);

/** Subscribe: the page then confirms the first invoice's payment with Stripe.js. */
paymentsRouter.post(
  subscribeEndpoint.path,
  requireUser,
  route(subscribeEndpoint, async ({ body }, _req, res) => {
    res.status(201).json(await subscribe(caller(res), body.packageId));
  }),
);

/**
 * The page reports a confirmed first payment: the membership and the payment row come from
 * Stripe at once, without waiting for the webhook (which does the same, in any order).
 */
paymentsRouter.post(
  syncSubscription.path,
  requireUser,
  route(syncSubscription, async ({ params }, _req, res) => {
    res.json(await syncAfterPayment(params.id, caller(res).uid));
  }),
);

/** Cancel at the end of the paid period; Resume takes that back before the end. */
paymentsRouter.post(
  cancelSubscription.path,
  requireUser,
  route(cancelSubscription, async (_input, _req, res) => {
    res.json(await setCancelAtPeriodEnd(caller(res), true));
  }),
);

paymentsRouter.post(
  resumeSubscription.path,
  requireUser,
  route(resumeSubscription, async (_input, _req, res) => {
    res.json(await setCancelAtPeriodEnd(caller(res), false));
  }),
);

/** What a plan change costs now (prorated, with VAT), shown before the member confirms. */
paymentsRouter.get(
  preview.path,
  requireUser,
  route(preview, async ({ query }, _req, res) => {
    res.json(await previewPlanChange(caller(res), query.packageId));
  }),
);

paymentsRouter.post(
  change.path,
  requireUser,
  route(change, async ({ body }, _req, res) => {
    res.json(await changePlan(caller(res), body.packageId, body.prorationDate, body.prorationToken));
  }),
);
