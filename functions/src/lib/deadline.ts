import type { Request, RequestHandler, Response } from 'express';
import { logger } from 'firebase-functions';
import { privateCacheControl } from './http-cache.js';

/** What a caller is told when its request ran past the deadline. */
export const deadlineMessage = 'Try again in a moment';
/** Seconds a caller is asked to wait before repeating a request that ran out of time. */
export const deadlineRetryAfterSeconds = 5;

type DeadlineAnswer = { message: string } & Record<string, unknown>;
type OwnAnswer = { method: string; path: RegExp; answer: (req: Request) => DeadlineAnswer | undefined };
const ownAnswers: OwnAnswer[] = [];

/** A path of the endpoint table as a pattern: a `:name` segment (a serving's id) is any one segment. */
function pathPattern(path: string): RegExp {
  const escape = (segment: string) => segment.replace(/[.*+?^$()|[\]{}\\]/g, '\\$&');
  const segments = path.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : escape(segment)));
  return new RegExp(`^${segments.join('/')}$`);
}

/**
 * A write whose outcome the caller cannot tell from a plain "try again" (a reservation that
 * may commit after the answer, ADR 0047) names its own answer at the deadline: the body's
 * `message` and any further fields, still a 503 with Retry-After. `answer` sees the request
 * when the deadline passes, its body parsed by then, and may return undefined for the default.
 */
export function answerAtDeadline(method: string, path: string, answer: OwnAnswer['answer']) {
  ownAnswers.push({ method: method.toUpperCase(), path: pathPattern(path), answer });
}

function answerOf(req: Request): DeadlineAnswer {
  // The path as the caller sent it: a router the request is inside has shortened req.path.
  const path = new URL(req.originalUrl, 'http://api.invalid').pathname.replace(/^\/api(?=\/)/, '');
  const own = ownAnswers.find((entry) => entry.method === req.method && entry.path.test(path));
  return own?.answer(req) ?? { message: deadlineMessage };
}

/** True once the caller has been answered 503 because the request ran past its deadline. */
export const passedDeadline = (res: Response): boolean => res.locals.passedDeadline === true;

/**
 * After the 503, whatever the handler still does (a Firestore call that answers late, an
 * error it throws) must not reach the caller: every way of writing to the response becomes a
 * no-op. Work the handler finishes later still happens; the writes that matter are idempotent
 * (ADR 0019), so a retry cannot apply them twice.
 */
function ignoreLaterAnswers(res: Response) {
  res.locals.passedDeadline = true;
  let reported = false;
  const reportOnce = () => {
    if (reported) return;
    reported = true;
    logger.warn('A handler answered after its request passed the deadline; the answer was dropped');
  };
  res.setHeader = (() => res) as Response['setHeader'];
  res.writeHead = (() => res) as unknown as Response['writeHead'];
  res.write = (() => {
    reportOnce();
    return true;
  }) as Response['write'];
  res.end = (() => {
    reportOnce();
    return res;
  }) as Response['end'];
}

/**
 * Gives every request a deadline well inside the function's timeout (ADR 0019). When
 * Firestore (or anything below) stalls, the caller gets a JSON 503 with Retry-After at the
 * deadline instead of waiting for the platform to give up.
 */
export function requestDeadline(deadlineMs: () => number): RequestHandler {
  return (req, res, next) => {
    const ms = deadlineMs();
    if (ms <= 0) return next();
    const timer = setTimeout(() => {
      if (res.headersSent) return;
      logger.warn('Request passed its deadline', { method: req.method, path: req.path, deadlineMs: ms });
      res
        .status(503)
        .set({ 'Retry-After': String(deadlineRetryAfterSeconds), 'Cache-Control': privateCacheControl })
        .json(answerOf(req));
      ignoreLaterAnswers(res);
    }, ms);
    const stop = () => clearTimeout(timer);
    res.once('finish', stop);
    res.once('close', stop);
    next();
  };
}
