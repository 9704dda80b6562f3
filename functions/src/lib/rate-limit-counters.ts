// The rate limits' counters in Firestore (ADR 0018): one document per caller, kind of call and
// minute, incremented atomically and read back with the minute before it for the sliding
// estimate. lib/rate-limit.ts decides with them.
import { createHash } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { readAll, typed } from './converters/index.js';
import { db } from './firestore.js';

export const rateLimitWindowMs = 60_000;

/** The kinds of calls that are counted, each with its own limit. */
export type RateLimitScope =
  | 'writes'
  | 'counter-writes'
  | 'stripe'
  | 'anonymous-writes'
  | 'anonymous-reads'
  | 'signed-in-reads'
  | 'token-exchanges'
  | 'page-renders';

/** Kinds of failures that are counted, each refused once too many happen in a minute. */
export type FailureScope = 'short-code-failures';

/**
 * The sliding-window estimate of calls in the last minute: the previous window's count,
 * weighted by how much of it still lies inside the last minute, plus the current one's. Unlike
 * a fixed window, a burst split across a window boundary is still seen whole.
 */
export function recentCalls(previous: number, current: number, elapsedFraction: number): number {
  return previous * (1 - elapsedFraction) + current;
}

/**
 * Seconds until one more call would be allowed, given the counts after a refused one (which
 * counts too). Past the current window only its own count remains, fading as the new window
 * goes on.
 */
export function secondsUntilAllowed(previous: number, current: number, elapsedFraction: number, limit: number) {
  let waitFraction: number;
  if (current + 1 <= limit && previous > 0) {
    // Within this window, once enough of the previous one has slid out.
    waitFraction = Math.max(0, 1 - (limit - current - 1) / previous - elapsedFraction);
  } else {
    waitFraction = 1 - elapsedFraction + Math.max(0, 1 - (limit - 1) / Math.max(current, 1));
  }
  return Math.max(1, Math.ceil((waitFraction * rateLimitWindowMs) / 1000));
}

/** Counter documents are named by a hash, so neither uids nor addresses appear in their ids. */
export function counterKey(scope: RateLimitScope | FailureScope, key: string): string {
  return `${scope}-${createHash('sha256').update(`${scope}\n${key}`).digest('base64url').slice(0, 32)}`;
}

export function counterDoc(key: string, window: number) {
  return typed.rateLimits().doc(`${key}-${window}`);
}

export type WindowCounts = { previous: number; current: number };

/** Calls to add to one caller's counter for a window. */
type CallsToAdd = { key: string; scope: RateLimitScope | FailureScope; window: number; calls: number };

/** The most counters sent in one write (Firestore takes 500 writes a batch). */
const countersPerWrite = 250;

/**
 * Adds each entry's calls to its window's counter, then reads the counters and the windows
 * before them back: one write and one read for all of them. Read after the increments, a
 * count includes these calls and every call counted before them.
 */
export async function addCallsTogether(entries: readonly CallsToAdd[]): Promise<WindowCounts[]> {
  const counts: WindowCounts[] = [];
  for (let start = 0; start < entries.length; start += countersPerWrite) {
    const part = entries.slice(start, start + countersPerWrite);
    const batch = db.batch();
    for (const { key, scope, window, calls } of part) {
      const windowStart = window * rateLimitWindowMs;
      batch.set(
        counterDoc(key, window),
        {
          scope,
          count: FieldValue.increment(calls),
          windowStart: Timestamp.fromMillis(windowStart),
          // Firestore's TTL policy on rateLimits.expiresAt deletes a window once the next one
          // has no use for it (docs/security.md).
          expiresAt: Timestamp.fromMillis(windowStart + 2 * rateLimitWindowMs),
        },
        { merge: true },
      );
    }
    await batch.commit();
    const snapshots = await readAll(
      part.flatMap(({ key, window }) => [counterDoc(key, window), counterDoc(key, window - 1)]),
    );
    part.forEach(({ calls }, index) => {
      counts.push({
        current: snapshots[2 * index]?.data()?.count ?? calls,
        previous: snapshots[2 * index + 1]?.data()?.count ?? 0,
      });
    });
  }
  return counts;
}

/** Adds `calls` to one window's counter and reads it and the window before it back. */
async function addCalls(key: string, scope: RateLimitScope | FailureScope, window: number, calls: number) {
  const [counts] = await addCallsTogether([{ key, scope, window, calls }]);
  if (!counts) throw new Error('A counter was not read back');
  return counts;
}

const elapsedFraction = (now: number, window: number) => (now - window * rateLimitWindowMs) / rateLimitWindowMs;

/** Seconds to wait when `counts` (this call included) go over the limit, or null. */
export function overLimit(
  { previous, current }: WindowCounts,
  limit: number,
  now: number,
  window: number,
): number | null {
  const elapsed = elapsedFraction(now, window);
  if (recentCalls(previous, current, elapsed) <= limit) return null;
  return secondsUntilAllowed(previous, current, elapsed, limit);
}

/** Counts one call; resolves with the seconds to wait when it goes over the limit, or null. */
export async function countCall(
  key: string,
  scope: RateLimitScope | FailureScope,
  limit: number,
  now: number,
): Promise<number | null> {
  const window = Math.floor(now / rateLimitWindowMs);
  // However many calls arrive at once, each one's read follows its own increment, so no more
  // than the limit get through.
  return overLimit(await addCalls(key, scope, window, 1), limit, now, window);
}
