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

export type FakeStripe = {
  port: number;
  paymentIntents: Map<string, FakePaymentIntent>;
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
    return paymentIntent;
  };

  async function route(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}`);
    if (outage) return stripeError(500, 'api_error', 'The fake Stripe is having an outage');
    if (!/^Bearer (sk|rk)_test_\w+$/.test(req.headers.authorization ?? '')) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const form = parseForm(await readBody(req));

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
