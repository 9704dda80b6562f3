import { Router } from 'express';
import {
  changePlanBody,
  changePlanPreviewQuery,
  createSubscriptionBody,
  ownEmailQuery,
  paymentHistoryQuery,
  subscriptionParams,
} from '@hostelhub/contracts';
import { caller, emailInScope, requireUser } from '../../lib/auth.js';
import { route } from '../../lib/route.js';
import { changePlan, previewPlanChange, setCancelAtPeriodEnd } from './plan-changes.js';
import { alreadyPurchased, paymentHistory } from './service.js';
import { subscribe, syncAfterPayment } from './subscribe.js';

export const paymentsRouter = Router();

paymentsRouter.get(
  '/already_purchased',
  requireUser,
  route({ query: ownEmailQuery }, async ({ query }, _req, res) => {
    res.json(await alreadyPurchased(caller(res), await emailInScope(res, query.email)));
  }),
);

paymentsRouter.get(
  '/payment-history',
  requireUser,
  route({ query: paymentHistoryQuery }, async ({ query }, _req, res) => {
    const email = await emailInScope(res, query.email);
    res.json(await paymentHistory(caller(res), email, query.limit, query.cursor));
  }),
);

/** Subscribe: the page then confirms the first invoice's payment with Stripe.js. */
paymentsRouter.post(
  '/subscriptions',
  requireUser,
  route({ body: createSubscriptionBody }, async ({ body }, _req, res) => {
    res.status(201).json(await subscribe(caller(res), body.packageId));
  }),
);

/**
 * The page reports a confirmed first payment: the membership and the payment row come from
 * Stripe at once, without waiting for the webhook (which does the same, in any order).
 */
paymentsRouter.post(
  '/subscriptions/:id/sync',
  requireUser,
  route({ params: subscriptionParams }, async ({ params }, _req, res) => {
    res.json(await syncAfterPayment(params.id, caller(res).uid));
  }),
);

/** Cancel at the end of the paid period; Resume takes that back before the end. */
paymentsRouter.post(
  '/subscription/cancel',
  requireUser,
  route({}, async (_input, _req, res) => {
    res.json(await setCancelAtPeriodEnd(caller(res), true));
  }),
);

paymentsRouter.post(
  '/subscription/resume',
  requireUser,
  route({}, async (_input, _req, res) => {
    res.json(await setCancelAtPeriodEnd(caller(res), false));
  }),
);

/** What a plan change costs now (prorated, with VAT), shown before the member confirms. */
paymentsRouter.get(
  '/subscription/change-preview',
  requireUser,
  route({ query: changePlanPreviewQuery }, async ({ query }, _req, res) => {
    res.json(await previewPlanChange(caller(res), query.packageId));
  }),
);

paymentsRouter.post(
  '/subscription/change',
  requireUser,
  route({ body: changePlanBody }, async ({ body }, _req, res) => {
    res.json(await changePlan(caller(res), body.packageId, body.prorationDate, body.prorationToken));
  }),
);
