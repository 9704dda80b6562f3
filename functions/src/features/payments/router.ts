import { Router } from 'express';
import { createPaymentIntentBody, ownEmailQuery, paymentHistoryQuery, recordPaymentBody } from '@hostelhub/contracts';
import { caller, emailInScope, requireUser } from '../../lib/auth.js';
import { assertOwnEmail } from '../../lib/identity-claims.js';
import { route } from '../../lib/route.js';
import { recordSucceededPayment, toRecordPaymentResponse } from './record-payment.js';
import { alreadyPurchased, createMembershipPaymentIntent, paymentHistory } from './service.js';

export const paymentsRouter = Router();

paymentsRouter.post(
  '/create-payment-intent',
  requireUser,
  route({ body: createPaymentIntentBody }, async ({ body }, _req, res) => {
    res.json(await createMembershipPaymentIntent(caller(res), body));
  }),
);

/** The site reports a confirmed card payment; the record itself comes from Stripe. */
paymentsRouter.put(
  '/payments',
  requireUser,
  route({ body: recordPaymentBody }, async ({ body }, _req, res) => {
    const user = caller(res);
    assertOwnEmail(body.email, user.email);
    res.json(toRecordPaymentResponse(await recordSucceededPayment(body.transactionId, user.uid)));
  }),
);

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
