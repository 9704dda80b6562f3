// Types for scripts/lib/fake-stripe/server.mjs, which the API and e2e suites (TypeScript) import.

// Stripe objects as the fake holds them: plain JSON, shaped like Stripe's.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = Record<string, any>;

/** An answer of the fake API: an HTTP status and the JSON body. */
export type Reply = { status: number; body: unknown };

export type FakePaymentIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method_types: string[];
  payment_method: string | null;
  receipt_email: string | null;
  description: string | null;
  created: number;
  livemode: false;
};

/** An event as Stripe would post it to the webhook: its type and the object as it was then. */
export type FakeEvent = { type: string; object: Obj };

/** The billing model behind the routes (model.mjs): its objects, clock and event queue. */
/** The Stripe objects the fake keeps, by id. */
export type StripeObjects = {
  paymentIntents: Map<string, FakePaymentIntent>;
  customers: Map<string, Obj>;
  prices: Map<string, Obj>;
  taxRates: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  charges: Map<string, Obj>;
};

export type BillingModel = StripeObjects & {
  clock: { now(): number; set(seconds: number): void; forwardTo(seconds: number): number };
  disputes: Map<string, Obj>;
  invoiceOfPaymentIntent: Map<string, string>;
  declining: Set<string>;
  advanceClock(seconds: number): void;
  takeEvents(): FakeEvent[];
  /** Deletes a customer as DELETE /v1/customers/{id} does: its running subscriptions cancelled, a deleted stub left. */
  deleteCustomer(customer: Obj): Obj;
  /** A customer's balance transactions, newest first (a credit is negative). */
  balanceTransactionsOf(customerId: string): Obj[];
};

export type FakeStripe = StripeObjects & {
  port: number;
  model: BillingModel;
  /** The fake's clock (seconds): subscriptions start, renew and end by it, like a Stripe test clock. */
  now(): number;
  /** Sets the clock, without running what falls due (for setting up the past). */
  setClock(seconds: number): void;
  /**
   * Moves the clock forward to `seconds`, renewing every due subscription with its saved
   * card (or failing to, see declineCardsOf) and ending those set to cancel.
   */
  advanceClock(seconds: number): void;
  /** From now on, charges of this customer's saved card are declined (or, with false, succeed again). */
  declineCardsOf(customerId: string, declined?: boolean): void;
  /** Refunds a charge in full, as the dashboard does; queues charge.refunded. */
  refund(chargeId: string): Obj;
  /** Opens a dispute on a charge, as a card network does; queues charge.dispute.created. */
  dispute(chargeId: string): Obj;
  /** The events Stripe would have sent since the last call, oldest first (the queue is emptied). */
  takeEvents(): FakeEvent[];
  /** Adds a PaymentIntent as if it had been made at Stripe (for tests of old one-off payments). */
  addPaymentIntent(fields: Partial<FakePaymentIntent> & { amount: number }): FakePaymentIntent;
  /** Confirms a PaymentIntent with a card, as Stripe.js would; a declined card fails it. */
  confirm(id: string, card?: 'ok' | 'declined'): FakePaymentIntent;
  /** While true, every request gets a 500, like an outage at Stripe. */
  setOutage(down: boolean): void;
  /** Requests received, as "METHOD /path". */
  requests: string[];
  close(): Promise<void>;
};

export type FakeStripeOptions = {
  /** Answer Stripe.js from a page: CORS, and a PaymentIntent confirmed with the publishable key and its client secret. */
  browser?: boolean;
  /** Paths of the caller's own, answered before the API's (null: not one of them). */
  extraRoutes?: (method: string, url: URL, body: string) => Promise<Reply | null> | Reply | null;
  /** Runs after every answered request. */
  afterRequest?: () => void;
};

/** Starts the fake on STRIPE_API_PORT (where the functions look for it), or on `port` (0: any free one). */
export declare function startFakeStripe(port?: number, options?: FakeStripeOptions): Promise<FakeStripe>;
