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
import {
  addCallsTogether,
  counterDoc,
  counterKey,
  countCall,
  overLimit,
  rateLimitWindowMs,
  type FailureScope,
  type RateLimitScope,
  type WindowCounts,
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

/** The kinds counted in batches per instance (ADR 0040): reads, exact enough, and cheap. */
type BatchedScope = Exclude<RateLimitScope, CountedOneByOne>;
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

/**
 * One caller's calls as this instance knows them: what Firestore last said (every instance's
 * calls sent by then), and the calls counted here since, sent or not yet.
 */
type Tally = {
  /** The counter's key in Firestore (a hash: hashed once per caller, not per call). */
  counter: string;
  window: number;
  known: WindowCounts & { window: number };
  unsent: number;
  sending: number;
  firstRead: Promise<void> | null;
};

/**
 * Counts calls in this instance and sends them to the shared counters in batches (ADR 0040).
 * The first call of a caller in a minute waits for the counter, as every call used to; the
 * calls after it are decided at once on what Firestore said plus this instance's own calls
 * since, and every caller's are sent together `sendAfterMs` later: one write and one read
 * for all the callers of a batch. One instance holds the limit exactly; across instances the
 * limit can be passed by what the others counted and have not sent yet, one batch's worth each.
 * Without `firstCallWaits`, the first call is decided like the others (on this instance's
 * own count until the first batch comes back).
 */
function createTallies(scope: BatchedScope, sendAfterMs: number, firstCallWaits = true) {
  const tallies = new Map<string, Tally>();
  /** The tallies with calls for the next batch, sent when `nextBatch` fires. */
  const waiting = new Set<Tally>();
  let nextBatch: ReturnType<typeof setTimeout> | null = null;

  async function send(batch: readonly Tally[]): Promise<void> {
    const sent = batch
      .filter((tally) => tally.unsent > 0)
      .map((tally) => ({ tally, window: tally.window, calls: tally.unsent }));
    if (sent.length === 0) return;
    for (const { tally, calls } of sent) {
      tally.unsent = 0;
      tally.sending += calls;
    }
    try {
      const counts = await addCallsTogether(
        sent.map(({ tally, window, calls }) => ({ key: tally.counter, scope, window, calls })),
      );
      sent.forEach(({ tally, window }, index) => {
        const windowCounts = counts[index];
        // Only a newer answer replaces what is known (an older send may finish last).
        if (windowCounts && window >= tally.known.window) tally.known = { ...windowCounts, window };
      });
    } catch (error) {
      // Unsent calls are forgotten rather than retried: the limit must not become an outage.
      logger.warn('Rate limit counter unavailable', { scope, error: String(error) });
    } finally {
      for (const { tally, calls } of sent) tally.sending -= calls;
    }
  }

  function sendLater(tally: Tally) {
    if (tally.unsent === 0) return;
    waiting.add(tally);
    if (nextBatch) return;
    nextBatch = setTimeout(() => {
      nextBatch = null;
      const batch = [...waiting];
      waiting.clear();
      void send(batch);
    }, sendAfterMs);
    // A pending send must not keep a process (a test, a script) alive.
    nextBatch.unref?.();
  }

  /** The window's counts as far as this instance knows, its calls not yet read back included. */
  function countsNow(tally: Tally, window: number): WindowCounts {
    const { known } = tally;
    const counts =
      known.window === window
        ? { previous: known.previous, current: known.current }
        : { previous: known.window === window - 1 ? known.current : 0, current: 0 };
    // Calls of a window that has just ended may still be on their way; counting them in this
    // one errs towards the limit, for a second at most.
    counts.current += tally.unsent + tally.sending;
    return counts;
  }

  function forgetIdle() {
    for (const [caller, tally] of tallies) {
      if (tally.unsent === 0 && tally.sending === 0 && !waiting.has(tally)) tallies.delete(caller);
    }
  }

  return {
    /** Counts one call; the seconds to wait when it goes over the limit, or null. */
    async count(caller: string, limit: number, now: number): Promise<number | null> {
      const window = Math.floor(now / rateLimitWindowMs);
      let tally = tallies.get(caller);
      if (!tally) {
        if (tallies.size > 10_000) forgetIdle();
        const known = { window: Number.NEGATIVE_INFINITY, previous: 0, current: 0 };
        const counter = counterKey(scope, caller);
        tally = { counter, window, known, unsent: 0, sending: 0, firstRead: null };
        tallies.set(caller, tally);
      }
      // The calls of a window that has ended go to its own counter, now.
      if (tally.window !== window) void send([tally]);
      tally.window = window;
      tally.unsent += 1;
      if (firstCallWaits && tally.known.window !== window) {
        // Nothing heard of this minute yet: the first call waits for the counter (the calls
        // arriving meanwhile wait with it), so a new instance starts from every other's count.
        const owner = tally;
        tally.firstRead ??= send([owner]).finally(() => (owner.firstRead = null));
        await tally.firstRead;
      }
      sendLater(tally);
      return overLimit(countsNow(tally, window), limit, now, window);
    },
  };
}

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
