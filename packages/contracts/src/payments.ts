import { z } from './zod.js';
import { documentId } from './ids.js';
import { pageQuery } from './paging.js';
import type { Badge } from './catalog.js';
import type { Membership } from './memberships.js';

/** The API's 409 for buying the package one already has; the checkout page shows the same words. */
export const alreadyPurchasedMessage = 'You already purchased this package';
/** The 403 of a paid action by an account whose email address is not verified (receipts go there). */
export const emailNotVerifiedMessage = 'Verify your email address before subscribing: receipts are sent there';

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
  /** Leave credit the invoice took off before this was paid, in cents (ADR 74); 0 for none. */
  creditCents: number;
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
