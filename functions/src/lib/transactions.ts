// Transactions on documents many people write at once (ADR 0047): a serving's counts, a
// meal's like and rating aggregates. Every such transaction of the API runs through here.
import type { Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { ApiError } from './errors.js';
import { db } from './firestore.js';

/** What a caller is told when a contended write still could not commit. */
export const contendedMessage = 'Many people are doing this at once: try again in a moment';
/** Seconds a caller is asked to wait before repeating a write that met too much contention. */
export const contendedRetryAfterSeconds = 2;

/** A 503 with `Retry-After`: nothing was written, and repeating the request is safe. */
export class RetryLater extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
  }
}

// gRPC status codes.
const aborted = 10;
const alreadyExists = 6;
const invalidArgument = 3;

/**
 * Thrown by a transaction that found what it read outside itself changed since (ADR 0062):
 * nothing was written, and it runs again with a fresh look, as an aborted one does.
 */
export class ReadOutsideChanged extends Error {
  readonly code = aborted;
  constructor(what: string) {
    super(`${what} changed since it was read; running again`);
  }
}

/**
 * Whether a transaction failed only because others wrote the same documents: ABORTED, or
 * the emulator's INVALID_ARGUMENT for a transaction another one already closed. Such a
 * failure wrote nothing, so the transaction may simply run again.
 */
export function isContention(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === aborted) return true;
  return code === invalidArgument && /transaction (is )?(invalid|closed|expired|not found)/i.test(String(message));
}

/** How long a contended transaction keeps trying before the caller is told to try again. */
const contentionBudgetMs = 5000;
const firstPauseMs = 15;
const longestPauseMs = 400;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The transactions of this instance queued per key: the tail of each key's chain. */
const queues = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task of `key` on this instance has finished. */
function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}

export type WriteOptions = {
  /**
   * The hot document's key (`servings/{id}`, `meals/{id}`): transactions of one key on this
   * instance run one after another instead of aborting each other, so a rush costs each one
   * its own round trips and no retries. Other instances still contend; the retries cover them.
   */
  key?: string;
  /**
   * The transaction creates documents that others may create at the same moment (a serving's
   * places, ADR 0056): one already there fails the commit, nothing is written, and it runs
   * again with a fresh look at what is free.
   */
  claims?: boolean;
};

/**
 * `db.runTransaction` for contended writes. The SDK retries an aborted transaction after a
 * backoff that starts at a second, which a rush turns into many seconds; here a contended
 * attempt is retried at once and then after short, growing, jittered pauses, for up to five
 * seconds (well inside the request deadline, ADR 0019). Still contended then: 503 with
 * `Retry-After`. Every attempt that failed wrote nothing, and `run` reads before it decides,
 * so a retry never counts anything twice.
 */
export async function runContendedTransaction<T>(
  run: (transaction: Transaction) => Promise<T>,
  options: WriteOptions = {},
): Promise<T> {
  const attempt = async () => {
    const started = Date.now();
    for (let tries = 0; ; tries++) {
      try {
        return await db.runTransaction(run, { maxAttempts: 1 });
      } catch (error) {
        const claimedFirst = options.claims && (error as { code?: unknown } | null)?.code === alreadyExists;
        if (!claimedFirst && !isContention(error)) throw error;
        if (Date.now() - started >= contentionBudgetMs) {
          logger.warn('A contended transaction could not commit in time', { key: options.key, tries });
          throw new RetryLater(contendedMessage, contendedRetryAfterSeconds);
        }
        const ceiling = Math.min(longestPauseMs, firstPauseMs * 2 ** tries);
        if (tries > 0) await pause(ceiling / 2 + Math.random() * (ceiling / 2));
      }
    }
  };
  return options.key ? oneAtATime(options.key, attempt) : attempt();
}
