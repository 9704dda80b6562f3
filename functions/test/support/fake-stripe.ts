// A local stand-in for the few Stripe API endpoints HostelHub calls, so tests run offline.
// The Stripe SDK in the functions emulator is pointed here by STRIPE_API_HOST/PORT/PROTOCOL
// (scripts/lib/stripe-test-mode.mjs); tests drive its state directly. Its parts, under
// fake-stripe/: the clock (clock.ts), the billing model (model.ts) and the HTTP routes
// (routes.ts); this file serves them over HTTP and is what the tests hold.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { BillingModel, type FakeEvent, type FakePaymentIntent } from './fake-stripe/model.js';
import { answer } from './fake-stripe/routes.js';
import { randomId, stripeError, type Obj, type Reply } from './fake-stripe/shared.js';

export type { FakeEvent, FakePaymentIntent };

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

/** Starts the fake on STRIPE_API_PORT (where the functions look for it), or on `port` (0: any free one). */
export async function startFakeStripe(port = Number(process.env.STRIPE_API_PORT)): Promise<FakeStripe> {
  if (!Number.isInteger(port) || port < 0) {
    throw new Error('STRIPE_API_PORT is not set: run the suites through `npm test` (scripts/test.mjs)');
  }
  const model = new BillingModel();
  const requests: string[] = [];
  const idempotent = new Map<string, unknown>();
  let outage = false;

  async function route(req: IncomingMessage): Promise<Reply> {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}`);
    if (outage) return stripeError(500, 'api_error', 'The fake Stripe is having an outage');
    if (!/^Bearer (sk|rk)_test_\w+$/.test(req.headers.authorization ?? '')) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const form = parseForm(`${await readBody(req)}&${url.search.slice(1)}`) as Obj;
    const expand = Object.values((form.expand as Obj) ?? {}).map(String);
    // Stripe answers a repeated idempotency key with the first answer.
    const idempotencyKey = req.headers['idempotency-key'];
    const replayKey =
      req.method === 'POST' && typeof idempotencyKey === 'string' ? `${url.pathname} ${idempotencyKey}` : null;
    if (replayKey && idempotent.has(replayKey)) return { status: 200, body: idempotent.get(replayKey) };
    const reply = answer(model, { method: req.method ?? 'GET', path: url.pathname, form, expand });
    if (replayKey && reply.status === 200) idempotent.set(replayKey, reply.body);
    return reply;
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
    paymentIntents: model.paymentIntents,
    customers: model.customers,
    prices: model.prices,
    taxRates: model.taxRates,
    subscriptions: model.subscriptions,
    invoices: model.invoices,
    charges: model.charges,
    now: () => model.clock.now(),
    setClock: (seconds) => model.clock.set(seconds),
    advanceClock: (seconds) => model.advanceClock(seconds),
    declineCardsOf: (customerId, declined = true) => {
      if (declined) model.declining.add(customerId);
      else model.declining.delete(customerId);
    },
    refund: (chargeId) => model.refund(chargeId),
    dispute: (chargeId) => model.dispute(chargeId),
    takeEvents: () => model.takeEvents(),
    requests,
    addPaymentIntent: (fields) => model.makePaymentIntent(fields),
    confirm: (id, card) => model.confirm(id, card),
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
