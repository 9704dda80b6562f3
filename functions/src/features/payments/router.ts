import { Router } from 'express';
import { endpoints } from '@hostelhub/contracts';
import { caller, emailInScope, signedIn } from '../../lib/auth.js';
import { serve } from '../../lib/route.js';
import { changePlan, previewPlanChange, setCancelAtPeriodEnd } from './plan-changes.js';
import { alreadyPurchased, paymentHistory } from './service.js';
import { subscribe, syncAfterPayment } from './subscribe.js';

// Every route here is an entry of the endpoint table (packages/contracts/src/routes.ts):
// its path, its schemas and its answer type come from there. The ones marked `callsStripe`
// there get the stricter rate limit (app.ts, routes.ts).
export const paymentsRouter = Router();

serve(paymentsRouter, endpoints.alreadyPurchased, signedIn, async ({ query }, res) =>
  alreadyPurchased(caller(res), await emailInScope(res, query.email)),
);

serve(paymentsRouter, endpoints.paymentHistory, signedIn, async ({ query }, res) => {
  const email = await emailInScope(res, query.email);
  return paymentHistory(caller(res), email, query.limit, query.cursor);
});

/** Subscribe: the page then confirms the first invoice's payment with Stripe.js. */
serve(paymentsRouter, endpoints.subscribe, signedIn, ({ body }, res) => subscribe(caller(res), body.packageId));

/**
 * The page reports a confirmed first payment: the membership and the payment row come from
 * Stripe at once, without waiting for the webhook (which does the same, in any order).
 */
serve(paymentsRouter, endpoints.syncSubscription, signedIn, ({ params }, res) =>
  syncAfterPayment(params.id, caller(res).uid),
);

/** Cancel at the end of the paid period; Resume takes that back before the end. */
serve(paymentsRouter, endpoints.cancelSubscription, signedIn, (_input, res) => setCancelAtPeriodEnd(caller(res), true));
serve(paymentsRouter, endpoints.resumeSubscription, signedIn, (_input, res) =>
  setCancelAtPeriodEnd(caller(res), false),
);

/** What a plan change costs now (prorated, with VAT), shown before the member confirms. */
serve(paymentsRouter, endpoints.previewPlanChange, signedIn, ({ query }, res) =>
  previewPlanChange(caller(res), query.packageId),
);

serve(paymentsRouter, endpoints.changePlan, signedIn, ({ body }, res) =>
  changePlan(caller(res), body.packageId, body.prorationDate, body.prorationToken),
);
