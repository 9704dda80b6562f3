// A local stand-in for the few Stripe API endpoints HostelHub calls, so tests and the demo run
// offline. The Stripe SDK in the functions emulator is pointed here by
// STRIPE_API_HOST/PORT/PROTOCOL (scripts/lib/stripe-test-mode.mjs for the tests, scripts/start.mjs
// for the demo); tests drive its state directly. Its parts: the clock (clock.mjs), the billing
// model (model.mjs) and the HTTP routes (routes.mjs); this file serves them over HTTP and is
// what the tests (functions/test/support/fake-stripe.ts) and the demo (scripts/lib/demo-stripe.mjs)
// hold. Types: server.d.mts.
import { createServer } from 'node:http';
import { BillingModel } from './model.mjs';
import { answer } from './routes.mjs';
import { randomId, stripeError } from './shared.mjs';
/** Stripe sends form-encoded bodies with bracketed keys: metadata[uid]=... */
function parseForm(body) {
  const result = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter(Boolean);
    let target = result;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) target[part] = value;
      else target = target[part] ??= {};
    });
  }
  return result;
}
const readBody = (req) =>
  new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
// Stripe.js calls the API from the page: what a browser needs to be let through.
const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, content-type',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};
function send(res, status, body, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req'), ...headers });
  res.end(JSON.stringify(body));
}
/**
 * A PaymentIntent confirmed from the page, as Stripe.js does: the publishable key and the
 * PaymentIntent's client secret, never the secret key.
 */
function confirmFromBrowser(model, path, form) {
  const id = /^\/v1\/payment_intents\/(\w+)\/confirm$/.exec(path)?.[1];
  const paymentIntent = id ? model.paymentIntents.get(id) : undefined;
  if (!paymentIntent || form.client_secret !== paymentIntent.client_secret) {
    return stripeError(404, 'invalid_request_error', 'No such payment_intent');
  }
  const card = form.payment_method === 'pm_card_declined' ? 'declined' : 'ok';
  return { status: 200, body: model.confirm(paymentIntent.id, card) };
}
/**
 * Starts the fake on STRIPE_API_PORT (where the functions look for it), or on `port` (0: any
 * free one). Options (the demo's): `browser` answers Stripe.js from a page (CORS, a confirm with
 * the publishable key), `extraRoutes` answers paths of its own before the API's, and
 * `afterRequest` runs after every answered request (the demo delivers the queued events then).
 */
export async function startFakeStripe(port = Number(process.env.STRIPE_API_PORT), options = {}) {
  const { browser = false, extraRoutes, afterRequest } = options;
  if (!Number.isInteger(port) || port < 0) {
    throw new Error('STRIPE_API_PORT is not set: run the suites through `npm test` (scripts/test.mjs)');
  }
  const model = new BillingModel();
  const requests = [];
  const idempotent = new Map();
  let outage = false;
  async function route(req) {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(`${req.method} ${url.pathname}`);
    if (outage) return stripeError(500, 'api_error', 'The fake Stripe is having an outage');
    const body = await readBody(req);
    const extra = extraRoutes ? await extraRoutes(req.method ?? 'GET', url, body) : null;
    if (extra) return extra;
    const authorization = req.headers.authorization ?? '';
    const form = parseForm(`${body}&${url.search.slice(1)}`);
    if (browser && req.method === 'POST' && /^Bearer pk_test_\w+$/.test(authorization)) {
      return confirmFromBrowser(model, url.pathname, form);
    }
    if (!/^Bearer (sk|rk)_test_\w+$/.test(authorization)) {
      return stripeError(401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const expand = Object.values(form.expand ?? {}).map(String);
    // Stripe answers a repeated idempotency key with the first answer.
    const idempotencyKey = req.headers['idempotency-key'];
    const replayKey =
      req.method === 'POST' && typeof idempotencyKey === 'string' ? `${url.pathname} ${idempotencyKey}` : null;
    if (replayKey && idempotent.has(replayKey)) return { status: 200, body: idempotent.get(replayKey) };
    const reply = answer(model, { method: req.method ?? 'GET', path: url.pathname, form, expand });
    if (replayKey && reply.status === 200) idempotent.set(replayKey, reply.body);
    return reply;
  }
  const headers = browser ? corsHeaders : {};
  const server = createServer((req, res) => {
    if (browser && req.method === 'OPTIONS') {
      res.writeHead(204, corsHeaders);
      res.end();
      return;
    }
    route(req)
      .then(
        ({ status, body }) => send(res, status, body, headers),
        (error) => send(res, 500, { error: { type: 'api_error', message: error.message } }, headers),
      )
      .finally(() => afterRequest?.());
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    model,
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
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
