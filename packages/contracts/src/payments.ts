import { z } from './zod.js';
import { documentId } from './ids.js';
import { pageQuery } from './paging.js';
import type { Badge } from './catalog.js';
import type { Membership } from './memberships.js';

/** The API's 409 for buying the package one already has; the checkout page shows the same words. */
export const alreadyPurchasedMessage = 'You already purchased this package';
/** The 403 of a paid action by an account whose email address is not verified (receipts go there). */
export const emailNotVerifiedMessage = 'Verify your email address before subscribing: receipts are sent there';

/** POST /create-payment-intent */
export const createPaymentIntentBody = z
  .object({
    packageId: documentId,
    // Accepted so the site can say what it showed; it must equal the server's own figure.
    amountInCents: z.number().int().positive().optional(),
  })
  .strict();
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBody>;

/** POST /create-payment-intent answer: the browser confirms the card against the secret. */
export type PaymentIntentCreated = { clientSecret: string; paymentIntentId: string; amountInCents: number };

/**
 * PUT /payments. Only `transactionId` is used: the record is built from Stripe's
 * PaymentIntent. The other fields are what older clients send and are ignored.
 */
export const recordPaymentBody = z
  .object({
    transactionId: z.string().regex(/^pi_\w{1,200}$/, 'must be a PaymentIntent id (pi_...)'),
    packageName: z.string().max(100).optional(),
    email: z.string().email().optional(),
    amount: z.number().optional(),
    paymentMethod: z.array(z.string().max(50)).max(10).optional(),
  })
  .strict();

/**
 * The answer of PUT /payments and of the webhook: `upsertedId` is the PaymentIntent's id when
 * this call recorded it, null when it was already recorded (recording is idempotent).
 */
export type RecordPaymentResponse = { modifiedCount: 0; upsertedId: string | null };

/** GET /already_purchased */
export const ownEmailQuery = z.object({ email: z.string().email().optional() });
export type PurchasedPackage = { packageName: string | null; packageId: string | null };

/** GET /payment-history */
export const paymentHistoryQuery = z.object({ email: z.string().email().optional(), ...pageQuery });

/** A row of GET /payment-history. */
export type PaymentRecord = {
  _id: string;
  packageName: string;
  email: string;
  amount: number;
  transactionId: string;
  paymentMethod: string[];
  status: string;
  paidAt: string | null;
};

/** POST /subscriptions: subscribe the caller to a package, billed monthly on the 15th. */
export const createSubscriptionBody = z.strictObject({ packageId: documentId });
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBody>;

/**
 * POST /subscriptions answer. The page confirms the first invoice's payment against
 * `clientSecret` with Stripe.js, then asks POST /subscriptions/{id}/sync.
 */
export type SubscriptionCreated = {
  subscriptionId: string;
  clientSecret: string;
  /** What the first invoice charges (the first period runs to the 15th, prorated), with VAT. */
  amountDueInCents: number;
  /** The first renewal: the 15th. */
  currentPeriodEnd: string;
};

/** A Stripe Subscription id in a path. */
export const subscriptionParams = z.object({
  id: z.string().regex(/^sub_\w{1,200}$/, 'must be a Subscription id (sub_...)'),
});

/** GET /subscription/change-preview */
export const changePlanPreviewQuery = z.object({ packageId: documentId });

/** What a plan change would cost now: prorated to the end of the paid period, with VAT (negative: a credit). */
export type PlanChangePreview = {
  packageId: string;
  packageName: string;
  /** The new plan's monthly price, dollars, without VAT. */
  price: number;
  /** Charged at once when positive (an upgrade); a downgrade leaves a credit for the next invoices. */
  prorationInCents: number;
  /** Send it back with the change, so the charge is the one shown. */
  prorationDate: number;
  /**
   * The server's signature of this preview (caller, subscription, plan and proration date):
   * send it back with the change. It is accepted for `planChangePreviewLifetimeSeconds`.
   */
  prorationToken: string;
  currentPeriodEnd: string;
};

/** How long a plan-change preview may be confirmed: after that, the price is looked at again. */
export const planChangePreviewLifetimeSeconds = 5 * 60;

/**
 * POST /subscription/change: the plan shown in the preview, at the preview's proration date,
 * with the preview's `prorationToken` (the server accepts only a date it issued, recently).
 */
export const changePlanBody = z.strictObject({
  packageId: documentId,
  prorationDate: z.number().int().positive(),
  prorationToken: z.string().min(1).max(200),
});

/** The answer of every membership change (sync, cancel, resume, change plan): where it stands now. */
export type MembershipChanged = { membership: Membership | null; badge: Badge };
