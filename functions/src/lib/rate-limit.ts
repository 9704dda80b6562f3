// Rate limits kept in Firestore, so they hold however many function instances serve the API
// (ADR 0018). Each caller and kind of call has one counter document per minute; a call is
// counted with an atomic increment and allowed while the sliding estimate over the last
// minute stays within the limit. Reads (anonymous and signed-in), token exchanges and page
// renders are tallied in the instance first and sent in batches (ADR 0040, 0050): a read then
// waits for no counter.
import type { Request, RequestHandler } from 'express';
import { logger } from 'firebase-functions';
import { FieldValue } from 'firebase-admin/firestore';
import { endpoints } from '@hostelhub/contracts';
import type { RateLimitSettings } from '../config.js';
import { verifyApiToken } from './api-token.js';
import { bearerToken } from './auth.js';
import { callerAddress } from './caller-address.js';
import { ApiError } from './errors.js';
import { createTallies, type BatchedScope } from './rate-limit-tallies.js';
import {
  counterDoc,
  counterKey,
  countCall,
  rateLimitWindowMs,
  type FailureScope,
  type RateLimitScope,
} from './rate-limit-counters.js';

export { callerAddress } from './caller-address.js';
export {
  counterKey,
  rateLimitWindowMs,
  recentCalls,
  secondsUntilAllowed,
  type FailureScope,
  type RateLimitScope,
} from './rate-limit-counters.js';

type CountedOneByOne = 'writes' | 'counter-writes' | 'stripe' | 'anonymous-writes';
const oneByOne: readonly RateLimitScope[] = ['writes', 'counter-writes', 'stripe', 'anonymous-writes'];
const isCountedOneByOne = (scope: RateLimitScope): scope is CountedOneByOne => oneByOne.includes(scope);

const limitOf: Record<RateLimitScope, keyof RateLimitSettings> = {
  writes: 'writesPerMinute',
  // An address gets as many writes as an account: the same bound on what one caller can do.
  'anonymous-writes': 'writesPerMinute',
  'counter-writes': 'counterWritesPerMinute',
  stripe: 'stripeCallsPerMinute',
  'anonymous-reads': 'anonymousReadsPerMinute',
  'signed-in-reads': 'signedInReadsPerMinute',
  'token-exchanges': 'tokenExchangesPerMinute',
  'page-renders': 'pageRendersPerMinute',
};

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The counter's writes (ADR 0034): a member of staff serving the lunch queue, a pass or a
 * walk-in every few seconds, and undoing a serve made by mistake. Counted apart from the
 * caller's other writes, with a limit that fits a counter (config.ts).
 */
const counterWrites = [endpoints.redeemPass, endpoints.serveRequest, endpoints.undoServe];
const isCounterWrite = (req: Request) =>
  counterWrites.some((endpoint) => req.method === endpoint.method.toUpperCase() && req.path === endpoint.path);

/**
 * The writes a caller without an account may make: the unsubscribe button and RFC 8058's
 * one-click POST, a user's preferences written for anyone holding a link. Counted per
 * address, one by one like every write (POST /jwt has a limit of its own). Every other write
 * without a token is refused by requireUser before it touches Firestore, so it costs no counter.
 */
const anonymousWrites = Object.values(endpoints).filter(
  (endpoint) =>
    endpoint.access === 'public' && writeMethods.has(endpoint.method.toUpperCase()) && endpoint !== endpoints.jwt,
);
const isAnonymousWrite = (req: Request) =>
  anonymousWrites.some((endpoint) => req.method === endpoint.method.toUpperCase() && req.path === endpoint.path);

/** The uid of a validly signed API token; the full account check stays with requireUser. */
function signedInUid(req: Request): string | null {
  const token = bearerToken(req);
  return token ? (verifyApiToken(token)?.uid ?? null) : null;
}

/**
 * The API's rate limits. `limitCalls` runs before every route: writes count per user (the
 * counter's apart from the others; the public ones, unsubscribing, per address), reads
 * with a valid token per user, reads without one per address, and POST /jwt per address
 * (before its Auth lookup). `limitStripeCalls` runs on each route that calls Stripe, per user.
 * `limitPageRenders` runs before the `pages` function renders, per address. Over a limit the
 * caller gets a 429 with Retry-After (JSON from the API; the pages app answers a short page).
 */
export function createRateLimits(
  settings: () => RateLimitSettings,
  clock: () => number = Date.now,
  sendBatchesAfterMs = 1000,
) {
  // Refusals this instance already gave, until they run out: a caller that keeps hammering
  // one instance costs no Firestore reads or writes. The counters in Firestore stay the truth.
  const refusedUntil = new Map<string, number>();
  // Writes and Stripe calls are counted one by one, exactly across instances; reads, token
  // exchanges and page renders in batches (ADR 0040), each kind with its own tallies.
  const batched = new Map<BatchedScope, ReturnType<typeof createTallies>>();
  const talliesOf = (scope: BatchedScope) => {
    let tallies = batched.get(scope);
    if (!tallies) {
      // A sign-in waits for no counter, not even its first in a minute: until the batch a
      // second later, an instance decides on its own calls, so a burst spread over cold
      // instances passes at most the limit on each before the shared count holds it.
      tallies = createTallies(scope, sendBatchesAfterMs, scope !== 'token-exchanges');
      batched.set(scope, tallies);
    }
    return tallies;
  };

  async function enforce(scope: RateLimitScope, caller: string): Promise<void> {
    const limit = settings()[limitOf[scope]];
    if (limit <= 0) return;
    // Refusals are remembered by scope and caller as they are, in this instance's memory only.
    const key = `${scope}\n${caller}`;
    const now = clock();
    const until = refusedUntil.get(key);
    if (until !== undefined && until > now) throw tooManyRequests(Math.ceil((until - now) / 1000));
    refusedUntil.delete(key);

    let waitSeconds: number | null;
    try {
      waitSeconds = isCountedOneByOne(scope)
        ? await countCall(counterKey(scope, caller), scope, limit, now)
        : await talliesOf(scope).count(caller, limit, now);
    } catch (error) {
      // A counter that cannot be kept must not turn every call away; the call itself will
      // find out whether Firestore answers.
      logger.warn('Rate limit counter unavailable', { scope, error: String(error) });
      return;
    }
    if (waitSeconds === null) return;
    if (refusedUntil.size > 10_000) refusedUntil.clear();
    refusedUntil.set(key, now + waitSeconds * 1000);
    throw tooManyRequests(waitSeconds);
  }

  const limitCalls: RequestHandler = async (req, res, next) => {
    try {
      const uid = signedInUid(req);
      if (req.method === endpoints.jwt.method.toUpperCase() && req.path === endpoints.jwt.path) {
        // A Firebase ID token, not an API token: counted per address before Auth is asked.
        await enforce('token-exchanges', callerAddress(req));
      } else if (writeMethods.has(req.method)) {
        if (uid) await enforce(isCounterWrite(req) ? 'counter-writes' : 'writes', uid);
        else if (isAnonymousWrite(req)) await enforce('anonymous-writes', callerAddress(req));
      } else if (uid) {
        await enforce('signed-in-reads', uid);
      } else {
        await enforce('anonymous-reads', callerAddress(req));
      }
      next();
    } catch (error) {
      refuse(res, error, next);
    }
  };

  const limitStripeCalls: RequestHandler = async (req, res, next) => {
    try {
      const uid = signedInUid(req);
      if (uid) await enforce('stripe', uid);
      next();
    } catch (error) {
      refuse(res, error, next);
    }
  };

  const limitPageRenders: RequestHandler = async (req, res, next) => {
    try {
      await enforce('page-renders', callerAddress(req));
      next();
    } catch (error) {
      refuse(res, error, next);
    }
  };

  return { limitCalls, limitStripeCalls, limitPageRenders };
}

/**
 * A limit on failures rather than calls (short codes typed wrong at the counter). An attempt
 * is counted before it is made (`countAttempt`: an atomic increment, then the counters read
 * back), so however many arrive at once, no more than the limit go on to be tried: each one's
 * read follows its own increment, and a burst cannot pass between a check and a count. An
 * attempt that turns out not to be a failure is given back (`forgive`). Kept in the same
 * Firestore counters as the call limits.
 */
export function createFailureLimit(scope: FailureScope, limit: () => number, clock: () => number = Date.now) {
  const keyOf = (caller: string) => counterKey(scope, caller);
  return {
    /** Counts one attempt; 429 when it is past the limit. Resolves with what `forgive` takes. */
    async countAttempt(caller: string): Promise<{ window: number } | null> {
      const max = limit();
      if (max <= 0) return null;
      const now = clock();
      const window = Math.floor(now / rateLimitWindowMs);
      // A counter that cannot be kept refuses the attempt (the error reaches the caller):
      // guessing must not get easier when Firestore is slow.
      const waitSeconds = await countCall(keyOf(caller), scope, max, now);
      if (waitSeconds !== null) throw tooManyRequests(waitSeconds);
      return { window };
    },
    /** Gives back an attempt that was not a failure (the code named a real pass). */
    async forgive(caller: string, attempt: { window: number } | null): Promise<void> {
      if (!attempt) return;
      await counterDoc(keyOf(caller), attempt.window)
        .update({ count: FieldValue.increment(-1) })
        .catch((error: unknown) => logger.warn('Rate limit counter unavailable', { scope, error: String(error) }));
    },
  };
}

export class TooManyRequests extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many requests: try again in ${retryAfterSeconds} seconds`);
  }
}

const tooManyRequests = (seconds: number) => new TooManyRequests(Math.max(1, seconds));

function refuse(res: Parameters<RequestHandler>[1], error: unknown, next: Parameters<RequestHandler>[2]) {
  if (error instanceof TooManyRequests) res.set('Retry-After', String(error.retryAfterSeconds));
  next(error);
}
