// `npm run demo:renew`: a month passes for the demo's Stripe stand-in. Its clock moves to the
// next renewal date, every subscription due renews with its saved card, and the webhook hears
// of it (a new row in Payment History, the renewal date moves on). Same port offset as
// `npm start` (EMULATOR_PORT_OFFSET).
import { demoStripePort } from './lib/demo-stripe.mjs';

const port = demoStripePort(Number(process.env.EMULATOR_PORT_OFFSET ?? 0));
try {
  const response = await fetch(`http://127.0.0.1:${port}/demo/renew`, { method: 'POST' });
  const { renewed, now } = await response.json();
  const date = new Date(now * 1000).toISOString().slice(0, 10);
  console.log(
    renewed === 0
      ? 'No subscription to renew: subscribe on the site first.'
      : `Renewed ${renewed} subscription(s); the demo's Stripe clock is now ${date}.`,
  );
} catch {
  console.error(
    `The demo's Stripe stand-in does not answer on port ${port}: is \`npm start\` running (with no Stripe keys)?`,
  );
  process.exit(1);
}
