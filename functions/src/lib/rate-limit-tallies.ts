// A rate limit's calls counted in the instance and sent to the shared counters in batches
// (ADR 0040, 0050): how reads, token exchanges and page renders are counted without a read
// waiting for a counter. lib/rate-limit.ts decides which kinds are counted this way.
import { logger } from 'firebase-functions';
import {
  addCallsTogether,
  counterKey,
  overLimit,
  rateLimitWindowMs,
  type RateLimitScope,
  type WindowCounts,
} from './rate-limit-counters.js';

/** The kinds counted in batches per instance (ADR 0040): reads, exact enough, and cheap. */
export type BatchedScope = Exclude<RateLimitScope, 'writes' | 'counter-writes' | 'stripe' | 'anonymous-writes'>;

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
export function createTallies(scope: BatchedScope, sendAfterMs: number, firstCallWaits = true) {
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
