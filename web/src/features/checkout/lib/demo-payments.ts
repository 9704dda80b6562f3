// The demo's payments: `npm start` without Stripe keys runs a local Stripe stand-in
// (scripts/lib/demo-stripe.mjs) and builds the site with its address. Stripe.js cannot load
// offline, so the checkout installs the same Stripe.js stand-in the tests use, pointed at it.
// In any other build the address is empty and the code below is dropped from the bundle.

/** In the demo build, puts the Stripe.js stand-in on `window.Stripe` (loadStripe uses it). */
export async function installDemoStripeJs(): Promise<void> {
  if (__DEMO_STRIPE_API_URL__ === '') return;
  const { installStripeStandIn } = await import('@/testing/stripe-js-stand-in');
  installStripeStandIn(window, __DEMO_STRIPE_API_URL__);
}
