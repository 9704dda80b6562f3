// Types for scripts/lib/demo-stripe.mjs, which the e2e suite (TypeScript) imports.
import type { FakeStripe } from './fake-stripe/server.mjs';

export type DemoStripe = {
  stripe: FakeStripe;
  port: number;
  /** Moves the clock to the next renewal: every subscription due renews (or fails to). */
  renew(): { renewed: number; now: number };
  /** Resolves once every event queued so far has been delivered to the webhook (or given up on). */
  settled(): Promise<void>;
  save(): void;
  close(): Promise<void>;
};

export declare const demoStripePort: (offset: number) => number;
export declare function stripeSignature(payload: string, secret: string, timestamp?: number): string;
export declare function startDemoStripe(options: {
  port: number;
  webhookUrl: string;
  webhookSecret: string;
  statePath?: string | null;
  log?: (line: string) => void;
}): Promise<DemoStripe>;
