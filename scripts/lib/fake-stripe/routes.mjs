// The fake Stripe's HTTP routes: the few Stripe API endpoints HostelHub calls, each reading or
// changing the billing model (model.mjs). A request the fake does not know gets Stripe's 404.
import { itemOf } from './model.mjs';
import { list, missing, randomId, stripeError } from './shared.mjs';
const found = (kind, id, object) => (object ? { status: 200, body: object } : missing(kind, id));
function customers(model, { method, path, form }) {
  if (method === 'POST' && path === '/v1/customers') {
    const customer = {
      id: randomId('cus'),
      object: 'customer',
      email: form.email ?? null,
      name: form.name ?? null,
      metadata: form.metadata ?? {},
      invoice_settings: { default_payment_method: null },
      balance: 0,
      created: model.clock.now(),
    };
    model.customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }
  const balance = /^\/v1\/customers\/(\w+)\/balance_transactions$/.exec(path);
  if (balance) {
    const customer = model.customers.get(balance[1] ?? '');
    if (!customer || customer.deleted) return missing('customer', balance[1] ?? '');
    if (method === 'GET') return { status: 200, body: list(model.balanceTransactionsOf(customer.id)) };
    if (!Number.isInteger(Number(form.amount)) || !form.currency) {
      return stripeError(400, 'invalid_request_error', 'Missing required param: amount or currency.');
    }
    return { status: 200, body: model.addBalanceTransaction(customer, Number(form.amount), form) };
  }
  const match = /^\/v1\/customers\/(\w+)$/.exec(path);
  if (!match) return null;
  const customer = model.customers.get(match[1] ?? '');
  // As Stripe: a deleted customer reads as `{ id, deleted: true }`, and deleting it again is a 404.
  if (method === 'DELETE') {
    if (!customer || customer.deleted) return missing('customer', match[1] ?? '');
    return { status: 200, body: model.deleteCustomer(customer) };
  }
  return found('customer', match[1] ?? '', customer);
}
function catalogue(model, { method, path, form }) {
  if (method === 'GET' && path === '/v1/prices') {
    const keys = Object.values(form.lookup_keys ?? {}).map(String);
    const matching = [...model.prices.values()].filter(
      (price) => keys.includes(price.lookup_key) && (form.active === undefined || String(price.active) === form.active),
    );
    return { status: 200, body: list(matching) };
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
    model.prices.set(price.id, price);
    return { status: 200, body: price };
  }
  const match = /^\/v1\/prices\/(\w+)$/.exec(path);
  if (match) return found('price', match[1] ?? '', model.prices.get(match[1] ?? ''));
  if (method === 'GET' && path === '/v1/tax_rates') {
    return { status: 200, body: list([...model.taxRates.values()].filter((rate) => rate.active)) };
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
    model.taxRates.set(rate.id, rate);
    return { status: 200, body: rate };
  }
  return null;
}
function subscriptions(model, { method, path, form, expand }) {
  if (method === 'GET' && path === '/v1/subscriptions') {
    const matching = [...model.subscriptions.values()].filter(
      (subscription) =>
        (form.customer === undefined || subscription.customer === form.customer) &&
        (form.status === undefined || subscription.status === form.status) &&
        (form.price === undefined || itemOf(subscription).price.id === form.price),
    );
    const withInvoices = expand.some((entry) => entry.startsWith('data.latest_invoice'));
    const expanded = withInvoices ? ['latest_invoice'] : [];
    return { status: 200, body: list(matching.map((entry) => model.subscriptionResponse(entry, expanded))) };
  }
  if (method === 'POST' && path === '/v1/subscriptions') {
    const customer = model.customers.get(String(form.customer));
    if (!customer || customer.deleted) return missing('customer', String(form.customer));
    const price = model.prices.get(String(form.items?.[0]?.price));
    if (!price) return missing('price', String(form.items?.[0]?.price));
    const rates = Object.values(form.default_tax_rates ?? {}).map((id) => model.taxRates.get(String(id)));
    if (rates.some((rate) => !rate)) return missing('tax_rate', 'default_tax_rates');
    const subscription = model.createSubscription(customer, price, rates, form);
    return { status: 200, body: model.subscriptionResponse(subscription, expand) };
  }
  const match = /^\/v1\/subscriptions\/(\w+)$/.exec(path);
  if (!match) return null;
  const subscription = model.subscriptions.get(match[1] ?? '');
  if (!subscription) return missing('subscription', match[1] ?? '');
  if (method !== 'GET') {
    const refused =
      method === 'DELETE' ? model.cancelSubscription(subscription) : model.updateSubscription(subscription, form);
    if (refused) return refused;
  }
  return { status: 200, body: model.subscriptionResponse(subscription, expand) };
}
function invoices(model, { method, path, form }) {
  if (method === 'POST' && path === '/v1/invoices/create_preview') {
    const subscription = model.subscriptions.get(String(form.subscription));
    if (!subscription) return missing('subscription', String(form.subscription));
    const newPrice = model.prices.get(String(form.subscription_details?.items?.[0]?.price));
    if (!newPrice) return missing('price', String(form.subscription_details?.items?.[0]?.price));
    const at = Number(form.subscription_details?.proration_date ?? model.clock.now());
    const subtotal = model.prorationOf(subscription, newPrice, at);
    const total = subtotal + model.taxOn(subscription, subtotal);
    const body = { object: 'invoice', id: null, subtotal, total, amount_due: Math.max(total, 0), currency: 'usd' };
    return { status: 200, body: { ...body, period_end: itemOf(subscription).current_period_end } };
  }
  const match = /^\/v1\/invoices\/(\w+)$/.exec(path);
  if (match) return found('invoice', match[1] ?? '', model.invoices.get(match[1] ?? ''));
  if (method === 'GET' && path === '/v1/invoice_payments') {
    const paymentIntentId = String(form.payment?.payment_intent ?? '');
    const invoiceId = model.invoiceOfPaymentIntent.get(paymentIntentId);
    const invoice = invoiceId ? model.invoices.get(invoiceId) : undefined;
    const payments = invoice
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
    return { status: 200, body: list(payments) };
  }
  return null;
}
function payments(model, { method, path, form }) {
  let match = /^\/v1\/charges\/(\w+)$/.exec(path);
  if (match) return found('charge', match[1] ?? '', model.charges.get(match[1] ?? ''));
  match = /^\/v1\/disputes\/(\w+)$/.exec(path);
  if (match) return found('dispute', match[1] ?? '', model.disputes.get(match[1] ?? ''));
  match = /^\/v1\/payment_intents\/(\w+)(\/confirm)?$/.exec(path);
  if (!match) return null;
  const paymentIntent = model.paymentIntents.get(match[1] ?? '');
  if (!paymentIntent) return missing('payment_intent', match[1] ?? '');
  if (method === 'GET' && !match[2]) return { status: 200, body: paymentIntent };
  if (method === 'POST' && match[2]) {
    const card = form.payment_method === 'pm_card_declined' ? 'declined' : 'ok';
    return { status: 200, body: model.confirm(paymentIntent.id, card) };
  }
  return null;
}
/** Answers a request from the model, or Stripe's 404 for a URL the fake does not serve. */
export function answer(model, request) {
  for (const routes of [customers, catalogue, subscriptions, invoices, payments]) {
    const reply = routes(model, request);
    if (reply) return reply;
  }
  return stripeError(404, 'invalid_request_error', `Unrecognized request URL (${request.method}: ${request.path})`);
}
