import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import { badRequest } from './errors.js';

// The API's "now" for the hostel's days, windows, cutoffs and memberships (ADR 0058). In
// production it is the real clock. On the emulators a journey that is about the time of day
// (a serving open now, a pass served at the counter) may fix it for its own requests with the
// header below, as it fixes the browser's clock, instead of waiting for the hour it needs.
// Elapsed-time measurements (transaction budgets, caches, rate-limit windows) stay on the
// real clock: they are about how long the server took, not about the hostel's time.

/** The header that fixes "now" for one request: an ISO instant. Honoured on the emulators only. */
export const emulatorClockHeader = 'x-emulator-clock';

const fixedNow = new AsyncLocalStorage<number>();

/**
 * Whether this process runs on the Firebase emulators: the Functions emulator sets
 * FUNCTIONS_EMULATOR, and a `demo-` project exists only on the emulators (the deploy refuses
 * both: scripts/deploy.mjs). Both must hold, so a stray variable in production is not enough.
 */
export function onEmulators(env: NodeJS.ProcessEnv = process.env): boolean {
  const projectId = env.GCLOUD_PROJECT ?? env.GOOGLE_CLOUD_PROJECT ?? '';
  return env.FUNCTIONS_EMULATOR === 'true' && projectId.startsWith('demo-');
}

/** The current instant: the request's fixed one on the emulators, else the real clock. */
export function currentTime(): Date {
  return new Date(fixedNow.getStore() ?? Date.now());
}

/**
 * Runs the rest of the request at the instant its `x-emulator-clock` header names, on the
 * emulators only; elsewhere the header is ignored, as any unknown header is.
 */
export function emulatorClock(env: NodeJS.ProcessEnv = process.env): RequestHandler {
  return (req, _res, next) => {
    const wanted = req.get(emulatorClockHeader);
    if (wanted === undefined || !onEmulators(env)) return next();
    const at = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(wanted) ? Date.parse(wanted) : NaN;
    if (Number.isNaN(at)) {
      return next(badRequest(`${emulatorClockHeader}: should be an ISO instant such as 2026-01-31T12:00:00Z`));
    }
    fixedNow.run(at, next);
  };
}
