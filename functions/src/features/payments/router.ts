import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { caller, emailInScope } from '../../lib/auth.js';
import { handle } from '../../lib/route.js';
import { changePlan, previewPlanChange, setCancelAtPeriodEnd } from './plan-changes.js';
import { alreadyPurchased, paymentHistory } from './service.js';
import { subscribe, syncAfterPayment } from './subscribe.js';

// Every route here is an entry of the endpoint table (packages/contracts/src/routes.ts):
// its path, its schemas and its answer type come from there. The ones marked `callsStripe`
// there get the stricter rate limit (app.ts, routes.ts).
export const paymentsRouter = Router();

handle(paymentsRouter, endpoints.alreadyPurchased, async ({ query }, res) =>
  alreadyPurchased(caller(res), await emailInScope(res, query.email)),
);

handle(paymentsRouter, endpoints.paymentHistory, async ({ query }, res) => {
  const email = await emailInScope(res, query.email);
  return paymentHistory(caller(res), email, query.limit, query.cursor);
});

/** Subscribe: the page then confirms the first invoice's payment with Stripe.js. */
handle(paymentsRouter, endpoints.subscribe, ({ body }, res) => subscribe(caller(res), body.packageId));

/**
 * The page reports a confirmed first payment: the membership and the payment row come from
 * Stripe at once, without waiting for the webhook (which does the same, in any order).
 */
handle(paymentsRouter, endpoints.syncSubscription, ({ params }, res) => syncAfterPayment(params.id, caller(res).uid));

/** Cancel at the end of the paid period; Resume takes that back before the end. */
handle(paymentsRouter, endpoints.cancelSubscription, (_input, res) => setCancelAtPeriodEnd(caller(res), true));
handle(paymentsRouter, endpoints.resumeSubscription, (_input, res) => setCancelAtPeriodEnd(caller(res), false));

/** What a plan change costs now (prorated, with VAT), shown before the member confirms. */
handle(paymentsRouter, endpoints.previewPlanChange, ({ query }, res) =>
  previewPlanChange(caller(res), query.packageId),
);

handle(paymentsRouter, endpoints.changePlan, ({ body }, res) =>
  changePlan(caller(res), body.packageId, body.prorationDate, body.prorationToken),
);
