// A local stand-in for the few Stripe API endpoints HostelHub calls, so tests run offline.
// The Stripe SDK in the functions emulator is pointed here by STRIPE_API_HOST/PORT/PROTOCOL
// (scripts/lib/stripe-test-mode.mjs); tests drive its state directly.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

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

type Obj = Record<string, any>;

/** An event as Stripe would post it to the webhook: its type and the object as it was then. */
export type FakeEvent = { type: string; object: Obj };

export type FakeStripe = {
  port: number;
  paymentIntents: Map<string, FakePaymentIntent>;
  customers: Map<string, Obj>;
  prices: Map<string, Obj>;
  taxRates: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  charges: Map<string, Obj>;
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
  /** Adds a PaymentIntent as if the API had created it (for webhook and PUT tests). */
  addPaymentIntent(fields: Partial<FakePaymentIntent> & { amount: number }): FakePaymentIntent;
  /** Confirms a PaymentIntent with a card, as Stripe.js would; a declined card fails it. */
  confirm(id: string, card?: 'ok' | 'declined'): FakePaymentIntent;
  /** While true, every request gets a 500, like an outage at Stripe. */
  setOutage(down: boolean): void;
  /** Requests received, as "METHOD /path". */
  requests: string[];
  close(): Promise<void>;
};

const randomId = (prefix: string) => `${prefix}_fake${randomBytes(10).toString('hex')}`;

/** Stripe sends form-encoded bodies with bracketed keys: metadata[uid]=... */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter(Boolean);
    let target = result as Record<string, unknown>;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else target = (target[part] ??= {}) as Record<string, unknown>;
    });
  }
  return result;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req') });
  res.end(JSON.stringify(body));
}

const stripeError = (status: number, type: string, message: string, code?: string) => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});

/** Starts the fake on STRIPE_API_PORT (where the functions look for it), or on `port` (0: any free one). */
export async function startFakeStripe(port = Number(process.env.STRIPE_API_PORT)): Promise<FakeStripe> {
  if (!Number.isInteger(port) || port < 0) {
    throw new Error('STRIPE_API_PORT is not set: run the suites through `npm test` (scripts/test.mjs)');
  }
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const idempotentReplies = new Map<string, FakePaymentIntent>();
  const requests: string[] = [];
  let outage = false;

  const customers = new Map<string, Obj>();
  const prices = new Map<string, Obj>();
  const taxRates = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const disputes = new Map<string, Obj>();
  const invoiceOfPaymentIntent = new Map<string, string>();
  const declining = new Set<string>();
  const idempotent = new Map<string, unknown>();
  let events: FakeEvent[] = [];
  let clock = Math.floor(Date.now() / 1000);

  const snapshot = (object: Obj) => JSON.parse(JSON.stringify(object)) as Obj;
  const emit = (type: string, object: Obj) => events.push({ type, object: snapshot(object) });
  const list = (data: Obj[]) => ({ object: 'list', data, has_more: false, url: '/v1/list' });

  /** The same day and time a month on, clamped to the month's end (as Stripe counts months). */
  const monthAfter = (seconds: number) => {
    const date = new Date(seconds * 1000);
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + 1);
    const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, last));
    return Math.floor(date.getTime() / 1000);
  };
  /** The first moment after `seconds` that falls on `day` of a month, at the same time of day. */
  const nextAnchor = (seconds: number, day: number) => {
    const date = new Date(seconds * 1000);
    const candidate = new Date(date.getTime());
    candidate.setUTCDate(day);
    if (candidate.getTime() <= date.getTime()) {
      candidate.setUTCDate(1);
      candidate.setUTCMonth(candidate.getUTCMonth() + 1);
      candidate.setUTCDate(day);
    }
    return Math.floor(candidate.getTime() / 1000);
  };
  const monthBefore = (seconds: number) => {
    const date = new Date(seconds * 1000);
    date.setUTCMonth(date.getUTCMonth() - 1);
    return Math.floor(date.getTime() / 1000);
  };

  const taxPercentOf = (subscription: Obj) =>
    (subscription.default_tax_rates as Obj[]).reduce((sum, rate) => sum + (rate.inclusive ? 0 : rate.percentage), 0);

  /** An invoice for a subscription, with its PaymentIntent; `subtotal` in cents, before tax. */
  const makeInvoice = (subscription: Obj, subtotal: number, reason: string, period: { start: number; end: number }) => {
    const tax = Math.round((subtotal * taxPercentOf(subscription)) / 100);
    const id = randomId('in');
    const total = subtotal + tax;
    const paymentIntent = makePaymentIntent({ amount: Math.max(total, 0), metadata: {} });
    invoiceOfPaymentIntent.set(paymentIntent.id, id);
    const invoice: Obj = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      currency: 'usd',
      subtotal,
      total,
      total_taxes: [{ amount: tax }],
      amount_due: Math.max(total, 0),
      amount_paid: 0,
      amount_remaining: Math.max(total, 0),
      billing_reason: reason,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      period_start: period.start,
      period_end: period.end,
      lines: list([{ object: 'line_item', amount: subtotal, period: { start: period.start, end: period.end } }]),
      status_transitions: { finalized_at: clock, paid_at: null },
      confirmation_secret: { type: 'payment_intent', client_secret: paymentIntent.client_secret },
      created: clock,
      livemode: false,
    };
    invoices.set(id, invoice);
    return { invoice, paymentIntent };
  };

  /** A PaymentIntent of an invoice succeeded: the invoice is paid, the subscription active. */
  /** The charge a succeeded PaymentIntent made (its `latest_charge`), to refund or dispute later. */
  const chargeOf = (paymentIntent: FakePaymentIntent, customer: string | null) => {
    const charge: Obj = {
      id: randomId('ch'),
      object: 'charge',
      amount: paymentIntent.amount,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      currency: 'usd',
      customer,
      payment_intent: paymentIntent.id,
      status: 'succeeded',
      created: clock,
    };
    charges.set(charge.id, charge);
    (paymentIntent as Obj).latest_charge = charge.id;
  };

  const settleInvoice = (paymentIntent: FakePaymentIntent) => {
    const invoiceId = invoiceOfPaymentIntent.get(paymentIntent.id);
    const invoice = invoiceId ? invoices.get(invoiceId) : undefined;
    if (!invoice) {
      // A one-off payment (no invoice): its charge only.
      if (paymentIntent.status === 'succeeded') chargeOf(paymentIntent, null);
      return;
    }
    const subscription = subscriptions.get(invoice.parent.subscription_details.subscription);
    if (paymentIntent.status !== 'succeeded') {
      emit('invoice.payment_failed', invoice);
      return;
    }
    chargeOf(paymentIntent, invoice.customer);
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = clock;
    if (subscription) {
      subscription.default_payment_method ??= paymentIntent.payment_method;
      if (subscription.latest_invoice === invoice.id && subscription.status !== 'canceled')
        subscription.status = 'active';
    }
    emit('payment_intent.succeeded', paymentIntent);
    emit('invoice.paid', invoice);
    if (subscription) emit('customer.subscription.updated', subscription);
  };

  /** Charges an invoice with the customer's saved card, as Stripe does at a renewal. */
  const chargeSavedCard = (invoice: Obj, paymentIntent: FakePaymentIntent) => {
    paymentIntent.payment_method = randomId('pm');
    paymentIntent.status = declining.has(invoice.customer) ? 'requires_payment_method' : 'succeeded';
    settleInvoice(paymentIntent);
    return paymentIntent.status === 'succeeded';
  };

  const itemOf = (subscription: Obj) => subscription.items.data[0] as Obj;

  const advanceClock = (seconds: number) => {
    clock = Math.max(clock, seconds);
    let renewed = true;
    while (renewed) {
      renewed = false;
      for (const subscription of subscriptions.values()) {
        const item = itemOf(subscription);
        if (!['active', 'past_due'].includes(subscription.status) || item.current_period_end > clock) continue;
        renewed = true;
        if (subscription.cancel_at_period_end) {
          subscription.status = 'canceled';
          subscription.ended_at = item.current_period_end;
          subscription.canceled_at ??= item.current_period_end;
          emit('customer.subscription.deleted', subscription);
          continue;
        }
        const start = item.current_period_end;
        const end = monthAfter(start);
        item.current_period_start = start;
        item.current_period_end = end;
        const { invoice, paymentIntent } = makeInvoice(subscription, item.price.unit_amount, 'subscription_cycle', {
          start,
          end,
        });
        subscription.latest_invoice = invoice.id;
        if (!chargeSavedCard(invoice, paymentIntent)) {
          subscription.status = 'past_due';
          emit('customer.subscription.updated', subscription);
        }
      }
    }
  };

  const prorationOf = (subscription: Obj, newPrice: Obj, at: number) => {
    const item = itemOf(subscription);
    const span = item.current_period_end - item.current_period_start;
    const left = Math.max(0, item.current_period_end - at);
    return Math.round(((newPrice.unit_amount - item.price.unit_amount) * left) / span);
  };

  const subscriptionResponse = (subscription: Obj, expand: string[]) => {
    const body = snapshot(subscription);
    if (expand.some((path) => path.startsWith('latest_invoice'))) {
      body.latest_invoice = snapshot(invoices.get(subscription.latest_invoice) ?? {});
    }
    return body;
  };

  const makePaymentIntent = (fields: Partial<FakePaymentIntent> & { amount: number }): FakePaymentIntent => {
    const id = fields.id ?? randomId('pi');
    const paymentIntent: FakePaymentIntent = {
      object: 'payment_intent',
      currency: 'usd',
      status: 'requires_payment_method',
      metadata: {},
      payment_method_types: ['card'],
      payment_method: null,
      receipt_email: null,
      description: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      ...fields,
      id,
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
    };
    paymentIntents.set(id, paymentIntent);
    return paymentIntent;
  };

  const confirm = (id: string, card: 'ok' | 'declined' = 'ok') => {
    const paymentIntent = paymentIntents.get(id);
    if (!paymentIntent) throw new Error(`No such PaymentIntent ${id}`);
    paymentIntent.payment_method = randomId('pm');
    paymentIntent.status = card === 'ok' ? 'succeeded' : 'requires_payment_method';
    settleInvoice(paymentIntent);
    return paymentIntent;
  };

  const missing = (kind: string, id: string) =>
    stripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing');

  function billingRoute(
    method: string,
    url: URL,
    form: Obj,
    expand: string[],
  ): { status: number; body: unknown } | null {
    const path = url.pathname;
    let match: RegExpExecArray | null;

    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: randomId('cus'),
        object: 'customer',
        email: form.email ?? null,
        name: form.name ?? null,
        metadata: form.metadata ?? {},
        invoice_settings: { default_payment_method: null },
        created: clock,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if ((match = /^\/v1\/customers\/(\w+)$/.exec(path))) {
      const customer = customers.get(match[1] ?? '');
      return customer ? { status: 200, body: customer } : missing('customer', match[1] ?? '');
    }

    if (method === 'GET' && path === '/v1/prices') {
      const keys = Object.values((form.lookup_keys as Obj) ?? {}).map(String);
      const found = [...prices.values()].filter(
        (price) =>
          keys.includes(price.lookup_key) && (form.active === undefined || String(price.active) === form.active),
      );
      return { status: 200, body: list(found) };
    }
    if (method === 'POST' && path === '/v1/prices') {
      const price = {
        id: randomId('price'),
        object: 'price',
        active: true,
        currency: form.currency,
        unit_amount: Number(form.unit_amount),
        lookup_key: form.lookup_key ?? null,
        recurring: { interval: form.recurring?.interval, interval_count: Number(form.recurring?.interval_count ?? 1) },
        tax_behavior: form.tax_behavior ?? 'unspecified',
        product: randomId('prod'),
        metadata: form.metadata ?? {},
        type: 'recurring',
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if ((match = /^\/v1\/prices\/(\w+)$/.exec(path))) {
      const price = prices.get(match[1] ?? '');
      return price ? { status: 200, body: price } : missing('price', match[1] ?? '');
    }

    if (method === 'GET' && path === '/v1/tax_rates') {
      return { status: 200, body: list([...taxRates.values()].filter((rate) => rate.active)) };
    }
    if (method === 'POST' && path === '/v1/tax_rates') {
      const rate = {
        id: randomId('txr'),
        object: 'tax_rate',
        active: true,
        display_name: form.display_name,
        percentage: Number(form.percentage),
        inclusive: form.inclusive === 'true',
        metadata: form.metadata ?? {},
      };
      taxRates.set(rate.id, rate);
      return { status: 200, body: rate };
    }

    if (method === 'GET' && path === '/v1/subscriptions') {
      const found = [...subscriptions.values()].filter(
        (subscription) =>
          (form.customer === undefined || subscription.customer === form.customer) &&
          (form.status === undefined || subscription.status === form.status) &&
          (form.price === undefined || itemOf(subscription).price.id === form.price),
      );
      const withInvoices = expand.some((entry) => entry.startsWith('data.latest_invoice'));
      return {
        status: 200,
        body: list(
          found.map((subscription) => subscriptionResponse(subscription, withInvoices ? ['latest_invoice'] : [])),
        ),
      };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = customers.get(String(form.customer));
      if (!customer) return missing('customer', String(form.customer));
      const price = prices.get(String(form.items?.[0]?.price));
      if (!price) return missing('price', String(form.items?.[0]?.price));
      const rates = Object.values((form.default_tax_rates as Obj) ?? {}).map((id) => taxRates.get(String(id)));
      if (rates.some((rate) => !rate)) return missing('tax_rate', 'default_tax_rates');
      const anchorDay = Number(form.billing_cycle_anchor_config?.day_of_month ?? 0);
      const start = clock;
      const end = anchorDay ? nextAnchor(start, anchorDay) : monthAfter(start);
      const subscription: Obj = {
        id: randomId('sub'),
        object: 'subscription',
        customer: customer.id,
        status: 'incomplete',
        metadata: form.metadata ?? {},
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        billing_cycle_anchor: end,
        billing_cycle_anchor_config: anchorDay ? { day_of_month: anchorDay } : null,
        default_tax_rates: rates,
        default_payment_method: null,
        payment_behavior: form.payment_behavior,
        items: list([
          {
            id: randomId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: start,
            current_period_end: end,
          },
        ]),
        latest_invoice: null,
        created: clock,
        livemode: false,
      };
      // The first period runs to the anchor day: charged in proportion to a whole month.
      const subtotal = Math.round((price.unit_amount * (end - start)) / (end - monthBefore(end)));
      const { invoice } = makeInvoice(subscription, subtotal, 'subscription_create', { start, end });
      subscription.latest_invoice = invoice.id;
      subscriptions.set(subscription.id, subscription);
      emit('customer.subscription.created', subscription);
      return { status: 200, body: subscriptionResponse(subscription, expand) };
    }
    if ((match = /^\/v1\/subscriptions\/(\w+)$/.exec(path))) {
      const subscription = subscriptions.get(match[1] ?? '');
      if (!subscription) return missing('subscription', match[1] ?? '');
      if (method === 'GET') return { status: 200, body: subscriptionResponse(subscription, expand) };
      if (method === 'DELETE') {
        if (subscription.status === 'canceled') {
          return stripeError(400, 'invalid_request_error', 'This subscription is already canceled.');
        }
        subscription.status = 'canceled';
        subscription.canceled_at = clock;
        subscription.ended_at = clock;
        emit('customer.subscription.deleted', subscription);
        return { status: 200, body: subscriptionResponse(subscription, expand) };
      }
      if (subscription.status === 'canceled') {
        return stripeError(400, 'invalid_request_error', 'A canceled subscription can only update its metadata.');
      }
      if (form.cancel_at_period_end !== undefined) {
        subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
        subscription.canceled_at = subscription.cancel_at_period_end ? clock : null;
      }
      const newPriceId = form.items?.[0]?.price;
      if (newPriceId) {
        const newPrice = prices.get(String(newPriceId));
        if (!newPrice) return missing('price', String(newPriceId));
        const at = form.proration_date ? Number(form.proration_date) : clock;
        const proration = prorationOf(subscription, newPrice, at);
        const item = itemOf(subscription);
        if (proration > 0 && form.proration_behavior === 'always_invoice') {
          const { invoice, paymentIntent } = makeInvoice(subscription, proration, 'subscription_update', {
            start: at,
            end: item.current_period_end,
          });
          paymentIntent.payment_method = randomId('pm');
          paymentIntent.status = declining.has(subscription.customer) ? 'requires_payment_method' : 'succeeded';
          if (paymentIntent.status !== 'succeeded' && form.payment_behavior === 'pending_if_incomplete') {
            emit('invoice.payment_failed', invoice);
            return stripeError(402, 'card_error', 'Your card was declined.', 'card_declined');
          }
          item.price = newPrice;
          subscription.latest_invoice = invoice.id;
          settleInvoice(paymentIntent);
        } else {
          item.price = newPrice;
          emit('customer.subscription.updated', subscription);
        }
        return { status: 200, body: subscriptionResponse(subscription, expand) };
      }
      emit('customer.subscription.updated', subscription);
      return { status: 200, body: subscriptionResponse(subscription, expand) };
    }

    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const subscription = subscriptions.get(String(form.subscription));
      if (!subscription) return missing('subscription', String(form.subscription));
      const newPrice = prices.get(String(form.subscription_details?.items?.[0]?.price));
      if (!newPrice) return missing('price', String(form.subscription_details?.items?.[0]?.price));
      const at = Number(form.subscription_details?.proration_date ?? clock);
      const subtotal = prorationOf(subscription, newPrice, at);
      const tax = Math.round((subtotal * taxPercentOf(subscription)) / 100);
      return {
        status: 200,
        body: {
          object: 'invoice',
          id: null,
          subtotal,
          total: subtotal + tax,
          amount_due: Math.max(subtotal + tax, 0),
          currency: 'usd',
          period_end: itemOf(subscription).current_period_end,
        },
      };
    }
    if ((match = /^\/v1\/invoices\/(\w+)$/.exec(path))) {
      const invoice = invoices.get(match[1] ?? '');
      return invoice ? { status: 200, body: invoice } : missing('invoice', match[1] ?? '');
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const paymentIntentId = String(form.payment?.payment_intent ?? '');
      const invoiceId = invoiceOfPaymentIntent.get(paymentIntentId);
      const invoice = invoiceId ? invoices.get(invoiceId) : undefined;
      const found = invoice
        ? [
            {
              id: randomId('inpay'),
              object: 'invoice_payment',
              invoice: invoice.id,
              payment: { type: 'payment_intent', payment_intent: paymentIntentId },
              status: invoice.status === 'paid' ? 'paid' : 'open',
              amount_paid: invoice.amount_paid,
            },
          ]
        : [];
      return { status: 200, body: list(found) };
    }
    if ((match = /^\/v1\/charges\/(\w+)$/.exec(path))) {
      const charge = charges.get(match[1] ?? '');
      return charge ? { status: 200, body: charge } : missing('charge', match[1] ?? '');
    }
    if ((match = /^\/v1\/disputes\/(\w+)$/.exec(path))) {
      const dispute = disputes.get(match[1] ?? '');
      return dispute ? { status: 200, body: dispute } : missing('dispute', match[1] ?? '');
    }
    return null;
  }

  async function route(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}`);
    if (outage) return stripeError(500, 'api_error', 'The fake Stripe is having an outage');
    if (!/^Bearer (sk|rk)_test_\w+$/.test(req.headers.authorization ?? '')) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const form = parseForm(`${await readBody(req)}&${url.search.slice(1)}`);

    const expand = Object.values((form.expand as Obj) ?? {}).map(String);
    // Stripe answers a repeated idempotency key with the first answer.
    const idempotencyKey = req.headers['idempotency-key'];
    const replayKey =
      req.method === 'POST' && typeof idempotencyKey === 'string' ? `${url.pathname} ${idempotencyKey}` : null;
    if (replayKey && idempotent.has(replayKey)) return { status: 200, body: idempotent.get(replayKey) };
    const billing = billingRoute(req.method ?? 'GET', url, form, expand);
    if (billing) {
      if (replayKey && billing.status === 200) idempotent.set(replayKey, billing.body);
      return billing;
    }

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'];
      const replay = typeof key === 'string' ? idempotentReplies.get(key) : undefined;
      if (replay) return { status: 200, body: replay };
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(400, 'invalid_request_error', 'Amount must be at least 50 cents', 'amount_too_small');
      }
      const paymentIntent = makePaymentIntent({
        amount,
        currency: String(form.currency ?? 'usd'),
        metadata: (form.metadata as Record<string, string>) ?? {},
        receipt_email: (form.receipt_email as string) ?? null,
        description: (form.description as string) ?? null,
      });
      if (typeof key === 'string') idempotentReplies.set(key, paymentIntent);
      return { status: 200, body: paymentIntent };
    }

    const match = /^\/v1\/payment_intents\/([\w]+)(\/confirm)?$/.exec(url.pathname);
    const paymentIntent = match?.[1] ? paymentIntents.get(match[1]) : undefined;
    if (match && !paymentIntent) {
      return stripeError(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing');
    }
    if (paymentIntent && req.method === 'GET' && !match?.[2]) return { status: 200, body: paymentIntent };
    if (paymentIntent && req.method === 'POST' && match?.[2]) {
      return {
        status: 200,
        body: confirm(paymentIntent.id, form.payment_method === 'pm_card_declined' ? 'declined' : 'ok'),
      };
    }
    return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${url.pathname})`);
  }

  const server = createServer((req, res) => {
    route(req).then(
      ({ status, body }) => send(res, status, body),
      (error: Error) => send(res, 500, { error: { type: 'api_error', message: error.message } }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });

  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    paymentIntents,
    customers,
    prices,
    taxRates,
    subscriptions,
    invoices,
    charges,
    now: () => clock,
    setClock: (seconds) => {
      clock = seconds;
    },
    advanceClock,
    declineCardsOf: (customerId, declined = true) => {
      if (declined) declining.add(customerId);
      else declining.delete(customerId);
    },
    refund: (chargeId) => {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`No such charge ${chargeId}`);
      charge.amount_refunded = charge.amount;
      charge.refunded = true;
      emit('charge.refunded', charge);
      return charge;
    },
    dispute: (chargeId) => {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`No such charge ${chargeId}`);
      const dispute = {
        id: randomId('dp'),
        object: 'dispute',
        amount: charge.amount,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        status: 'needs_response',
        reason: 'fraudulent',
        created: clock,
      };
      disputes.set(dispute.id, dispute);
      charge.disputed = true;
      emit('charge.dispute.created', dispute);
      return dispute;
    },
    takeEvents: () => {
      const taken = events;
      events = [];
      return taken;
    },
    requests,
    addPaymentIntent: makePaymentIntent,
    confirm,
    setOutage: (down) => {
      outage = down;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
