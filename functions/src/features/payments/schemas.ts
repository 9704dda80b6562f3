import { z } from 'zod';
import { pageQuery } from '../../lib/paging.js';

export const createPaymentIntentBody = z
  .object({
    packageId: z.string().trim().min(1).max(100),
    // Accepted so the site can say what it showed; it must equal the server's own figure.
    amountInCents: z.number().int().positive().optional(),
  })
  .strict();
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBody>;

export const recordPaymentBody = z
  .object({
    transactionId: z.string().regex(/^pi_\w{1,200}$/, 'must be a PaymentIntent id (pi_...)'),
    // The spec's client sends these; the record is built from Stripe's PaymentIntent instead.
    packageName: z.string().max(100).optional(),
    email: z.string().email().optional(),
    amount: z.number().optional(),
    paymentMethod: z.array(z.string().max(50)).max(10).optional(),
  })
  .strict();
export type RecordPaymentBody = z.infer<typeof recordPaymentBody>;

export const ownEmailQuery = z.object({ email: z.string().email().optional() });

export const paymentHistoryQuery = z.object({ email: z.string().email().optional(), ...pageQuery });
export type PaymentHistoryQuery = z.infer<typeof paymentHistoryQuery>;
