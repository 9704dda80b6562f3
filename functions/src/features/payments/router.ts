import { Router } from 'express';
import { caller, emailInScope, requireUser } from '../../lib/auth.js';
import { forbidden } from '../../lib/errors.js';
import { validate, validQuery } from '../../lib/validate.js';
import { recordSucceededPayment } from './record-payment.js';
import {
  createPaymentIntentBody,
  ownEmailQuery,
  paymentHistoryQuery,
  recordPaymentBody,
  type CreatePaymentIntentBody,
  type PaymentHistoryQuery,
  type RecordPaymentBody,
} from './schemas.js';
import { alreadyPurchased, createMembershipPaymentIntent, paymentHistory } from './service.js';

export const paymentsRouter = Router();

paymentsRouter.post(
  '/create-payment-intent',
  requireUser,
  validate({ body: createPaymentIntentBody }),
  async (req, res) => {
    res.json(await createMembershipPaymentIntent(caller(res), req.body as CreatePaymentIntentBody));
  },
);

/** The site reports a confirmed card payment; the record itself comes from Stripe. */
paymentsRouter.put('/payments', requireUser, validate({ body: recordPaymentBody }), async (req, res) => {
  const user = caller(res);
  const body = req.body as RecordPaymentBody;
  if (body.email && body.email.toLowerCase() !== user.email.toLowerCase()) {
    throw forbidden('The email does not match your sign-in');
  }
  res.json(await recordSucceededPayment(body.transactionId, user.uid));
});

paymentsRouter.get('/already_purchased', requireUser, validate({ query: ownEmailQuery }), async (_req, res) => {
  const { email } = validQuery<{ email?: string }>(res);
  res.json(await alreadyPurchased(caller(res), await emailInScope(res, email)));
});

paymentsRouter.get('/payment-history', requireUser, validate({ query: paymentHistoryQuery }), async (_req, res) => {
  const query = validQuery<PaymentHistoryQuery>(res);
  const email = await emailInScope(res, query.email);
  res.json(await paymentHistory(caller(res), email, query.limit, query.cursor));
});
