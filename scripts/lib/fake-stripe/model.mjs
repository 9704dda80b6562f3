// The fake Stripe's billing model: its objects and what happens to them when a card is
// confirmed, a subscription is made, changed or renewed, or a charge is taken back. Each
// change queues the events Stripe would send. The HTTP routes (routes.mjs) and the tests
// (through server.mjs) drive it.
import { randomBytes } from 'node:crypto';
import { FakeClock, monthAfter, monthBefore, nextAnchor } from './clock.mjs';
import { randomId, snapshot, list, stripeError, missing } from './shared.mjs';
const itemOf = (subscription) => subscription.items.data[0];
const taxPercentOf = (subscription) =>
  subscription.default_tax_rates.reduce((sum, rate) => sum + (rate.inclusive ? 0 : rate.percentage), 0);
export class BillingModel {
  clock = new FakeClock();
  paymentIntents = new Map();
  customers = new Map();
  prices = new Map();
  taxRates = new Map();
  subscriptions = new Map();
  invoices = new Map();
  charges = new Map();
  disputes = new Map();
  invoiceOfPaymentIntent = new Map();
  /** Customer balance transactions, oldest first: a credit is negative, as Stripe's are. */
  balanceTransactions = [];
  /** Customers whose saved card is declined (declineCardsOf). */
  declining = new Set();
  events = [];
  emit(type, object) {
    this.events.push({ type, object: snapshot(object) });
  }
  /** The events since the last call, oldest first (the queue is emptied). */
  takeEvents() {
    const taken = this.events;
    this.events = [];
    return taken;
  }
  makePaymentIntent(fields) {
    const id = fields.id ?? randomId('pi');
    const paymentIntent = {
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
    this.paymentIntents.set(id, paymentIntent);
    return paymentIntent;
  }
  /** Confirms a PaymentIntent with a card, as Stripe.js would; a declined card fails it. */
  confirm(id, card = 'ok') {
    const paymentIntent = this.paymentIntents.get(id);
    if (!paymentIntent) throw new Error(`No such PaymentIntent ${id}`);
    paymentIntent.payment_method = randomId('pm');
    paymentIntent.status = card === 'ok' ? 'succeeded' : 'requires_payment_method';
    this.settleInvoice(paymentIntent);
    return paymentIntent;
  }
  /** An invoice for a subscription, with its PaymentIntent; `subtotal` in cents, before tax. */
  makeInvoice(subscription, subtotal, reason, period) {
    const tax = Math.round((subtotal * taxPercentOf(subscription)) / 100);
    const id = randomId('in');
    const total = subtotal + tax;
    // As Stripe does when it finalises an invoice: a credit balance (negative) comes off what
    // is due, up to the whole of it, and a debit is added.
    const customer = this.customers.get(subscription.customer);
    const startingBalance = customer?.balance ?? 0;
    const applied = startingBalance < 0 ? Math.max(startingBalance, -Math.max(total, 0)) : startingBalance;
    if (customer && applied !== 0) {
      this.addBalanceTransaction(customer, -applied, { type: 'applied_to_invoice', description: `Applied to ${id}` });
    }
    const due = Math.max(total + applied, 0);
    const paymentIntent = this.makePaymentIntent({ amount: due, metadata: {} });
    this.invoiceOfPaymentIntent.set(paymentIntent.id, id);
    const invoice = {
      id,
      object: 'invoice',
      customer: subscription.customer,
      status: 'open',
      currency: 'usd',
      subtotal,
      total,
      total_taxes: [{ amount: tax }],
      starting_balance: startingBalance,
      ending_balance: startingBalance - applied,
      amount_due: due,
      amount_paid: 0,
      amount_remaining: due,
      billing_reason: reason,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      },
      period_start: period.start,
      period_end: period.end,
      lines: list([{ object: 'line_item', amount: subtotal, period: { start: period.start, end: period.end } }]),
      status_transitions: { finalized_at: this.clock.now(), paid_at: null },
      confirmation_secret: { type: 'payment_intent', client_secret: paymentIntent.client_secret },
      created: this.clock.now(),
      livemode: false,
    };
    this.invoices.set(id, invoice);
    return { invoice, paymentIntent };
  }
  /** The charge a succeeded PaymentIntent made (its `latest_charge`), to refund or dispute later. */
  chargeOf(paymentIntent, customer) {
    const charge = {
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
      created: this.clock.now(),
    };
    this.charges.set(charge.id, charge);
    paymentIntent.latest_charge = charge.id;
  }
  /** A PaymentIntent of an invoice succeeded: the invoice is paid, the subscription active. */
  settleInvoice(paymentIntent) {
    const invoiceId = this.invoiceOfPaymentIntent.get(paymentIntent.id);
    const invoice = invoiceId ? this.invoices.get(invoiceId) : undefined;
    if (!invoice) {
      // A payment without an invoice: its charge only.
      if (paymentIntent.status === 'succeeded') this.chargeOf(paymentIntent, null);
      return;
    }
    const subscription = this.subscriptions.get(invoice.parent.subscription_details.subscription);
    if (paymentIntent.status !== 'succeeded') {
      this.emit('invoice.payment_failed', invoice);
      return;
    }
    this.chargeOf(paymentIntent, invoice.customer);
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = this.clock.now();
    if (subscription) {
      subscription.default_payment_method ??= paymentIntent.payment_method;
      if (subscription.latest_invoice === invoice.id && subscription.status !== 'canceled')
        subscription.status = 'active';
    }
    this.emit('payment_intent.succeeded', paymentIntent);
    this.emit('invoice.paid', invoice);
    if (subscription) this.emit('customer.subscription.updated', subscription);
  }
  /** A change of a customer's balance (negative: credit the next invoice takes off). */
  addBalanceTransaction(customer, amount, form = {}) {
    const transaction = {
      id: randomId('cbtxn'),
      object: 'customer_balance_transaction',
      amount,
      currency: form.currency ?? 'usd',
      customer: customer.id,
      description: form.description ?? null,
      metadata: form.metadata ?? {},
      ending_balance: (customer.balance ?? 0) + amount,
      type: form.type ?? 'adjustment',
      created: this.clock.now(),
    };
    customer.balance = transaction.ending_balance;
    this.balanceTransactions.push(transaction);
    return transaction;
  }
  balanceTransactionsOf(customerId) {
    return this.balanceTransactions.filter((transaction) => transaction.customer === customerId).reverse();
  }
  /** Charges an invoice's PaymentIntent with the customer's saved card, as Stripe does at a renewal. */
  chargeSavedCard(customer, paymentIntent) {
    paymentIntent.payment_method = randomId('pm');
    paymentIntent.status = this.declining.has(customer) ? 'requires_payment_method' : 'succeeded';
  }
  /**
   * Moves the clock forward, renewing every due subscription with its saved card (or failing
   * to) and ending those set to cancel.
   */
  advanceClock(seconds) {
    const now = this.clock.forwardTo(seconds);
    let renewed = true;
    while (renewed) {
      renewed = false;
      for (const subscription of this.subscriptions.values()) {
        const item = itemOf(subscription);
        if (!['active', 'past_due'].includes(subscription.status) || item.current_period_end > now) continue;
        renewed = true;
        if (subscription.cancel_at_period_end) {
          subscription.status = 'canceled';
          subscription.ended_at = item.current_period_end;
          subscription.canceled_at ??= item.current_period_end;
          this.emit('customer.subscription.deleted', subscription);
          continue;
        }
        const start = item.current_period_end;
        const end = monthAfter(start);
        item.current_period_start = start;
        item.current_period_end = end;
        const period = { start, end };
        const { invoice, paymentIntent } = this.makeInvoice(
          subscription,
          item.price.unit_amount,
          'subscription_cycle',
          period,
        );
        subscription.latest_invoice = invoice.id;
        this.chargeSavedCard(invoice.customer, paymentIntent);
        this.settleInvoice(paymentIntent);
        if (paymentIntent.status !== 'succeeded') {
          subscription.status = 'past_due';
          this.emit('customer.subscription.updated', subscription);
        }
      }
    }
  }
  /** What changing to `newPrice` at `at` costs, in cents before tax, to the period's end. */
  prorationOf(subscription, newPrice, at) {
    const item = itemOf(subscription);
    const span = item.current_period_end - item.current_period_start;
    const left = Math.max(0, item.current_period_end - at);
    return Math.round(((newPrice.unit_amount - item.price.unit_amount) * left) / span);
  }
  /** A preview's tax on a subtotal, at the subscription's rates. */
  taxOn(subscription, subtotal) {
    return Math.round((subtotal * taxPercentOf(subscription)) / 100);
  }
  /** A subscription as the API answers it, its latest invoice expanded when asked. */
  subscriptionResponse(subscription, expand) {
    const body = snapshot(subscription);
    if (expand.some((path) => path.startsWith('latest_invoice'))) {
      body.latest_invoice = snapshot(this.invoices.get(subscription.latest_invoice) ?? {});
    }
    return body;
  }
  /** A new subscription, incomplete until its first (prorated to the anchor day) invoice is paid. */
  createSubscription(customer, price, rates, form) {
    const anchorDay = Number(form.billing_cycle_anchor_config?.day_of_month ?? 0);
    const start = this.clock.now();
    const end = anchorDay ? nextAnchor(start, anchorDay) : monthAfter(start);
    const subscription = {
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
      created: start,
      livemode: false,
    };
    // The first period runs to the anchor day: charged in proportion to a whole month.
    const subtotal = Math.round((price.unit_amount * (end - start)) / (end - monthBefore(end)));
    const { invoice } = this.makeInvoice(subscription, subtotal, 'subscription_create', { start, end });
    subscription.latest_invoice = invoice.id;
    this.subscriptions.set(subscription.id, subscription);
    this.emit('customer.subscription.created', subscription);
    return subscription;
  }
  /**
   * Deletes a customer (DELETE /v1/customers/{id}), as Stripe does: its subscriptions still
   * running are cancelled at once (each queues customer.subscription.deleted), then the
   * customer reads as a deleted stub. Answers Stripe's reply.
   */
  deleteCustomer(customer) {
    for (const subscription of this.subscriptions.values()) {
      if (subscription.customer === customer.id && subscription.status !== 'canceled') {
        this.cancelSubscription(subscription);
      }
    }
    const deleted = { id: customer.id, object: 'customer', deleted: true };
    this.customers.set(customer.id, deleted);
    this.emit('customer.deleted', customer);
    return deleted;
  }
  /** Cancels at once (DELETE /v1/subscriptions/{id}). */
  cancelSubscription(subscription) {
    if (subscription.status === 'canceled') {
      return stripeError(400, 'invalid_request_error', 'This subscription is already canceled.');
    }
    subscription.status = 'canceled';
    subscription.canceled_at = this.clock.now();
    subscription.ended_at = this.clock.now();
    this.emit('customer.subscription.deleted', subscription);
    return null;
  }
  /** Cancel at period end (or not), or a plan change with proration; a Stripe error or null. */
  updateSubscription(subscription, form) {
    if (subscription.status === 'canceled') {
      return stripeError(400, 'invalid_request_error', 'A canceled subscription can only update its metadata.');
    }
    if (form.cancel_at_period_end !== undefined) {
      subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
      subscription.canceled_at = subscription.cancel_at_period_end ? this.clock.now() : null;
    }
    const newPriceId = form.items?.[0]?.price;
    if (!newPriceId) {
      this.emit('customer.subscription.updated', subscription);
      return null;
    }
    const newPrice = this.prices.get(String(newPriceId));
    if (!newPrice) return missing('price', String(newPriceId));
    const at = form.proration_date ? Number(form.proration_date) : this.clock.now();
    const proration = this.prorationOf(subscription, newPrice, at);
    const item = itemOf(subscription);
    if (proration <= 0 || form.proration_behavior !== 'always_invoice') {
      item.price = newPrice;
      this.emit('customer.subscription.updated', subscription);
      return null;
    }
    const period = { start: at, end: item.current_period_end };
    const { invoice, paymentIntent } = this.makeInvoice(subscription, proration, 'subscription_update', period);
    this.chargeSavedCard(subscription.customer, paymentIntent);
    if (paymentIntent.status !== 'succeeded' && form.payment_behavior === 'pending_if_incomplete') {
      this.emit('invoice.payment_failed', invoice);
      return stripeError(402, 'card_error', 'Your card was declined.', 'card_declined');
    }
    item.price = newPrice;
    subscription.latest_invoice = invoice.id;
    this.settleInvoice(paymentIntent);
    return null;
  }
  /** Refunds a charge in full, as the dashboard does. */
  refund(chargeId) {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new Error(`No such charge ${chargeId}`);
    charge.amount_refunded = charge.amount;
    charge.refunded = true;
    this.emit('charge.refunded', charge);
    return charge;
  }
  /** Opens a dispute on a charge, as a card network does. */
  dispute(chargeId) {
    const charge = this.charges.get(chargeId);
    if (!charge) throw new Error(`No such charge ${chargeId}`);
    const dispute = {
      id: randomId('dp'),
      object: 'dispute',
      amount: charge.amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'needs_response',
      reason: 'fraudulent',
      created: this.clock.now(),
    };
    this.disputes.set(dispute.id, dispute);
    charge.disputed = true;
    this.emit('charge.dispute.created', dispute);
    return dispute;
  }
}
export { itemOf };
