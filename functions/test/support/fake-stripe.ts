// The local fake of the Stripe API the suites run against: scripts/lib/fake-stripe/ (its
// clock, billing model and HTTP routes), shared with the demo's Stripe stand-in that
// `npm start` runs (scripts/lib/demo-stripe.mjs). Tests hold what startFakeStripe answers.
export { startFakeStripe } from '../../../scripts/lib/fake-stripe/server.mjs';
export type { FakeEvent, FakePaymentIntent, FakeStripe } from '../../../scripts/lib/fake-stripe/server.mjs';
