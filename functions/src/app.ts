import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import { logger } from 'firebase-functions';
import { appCheckEnforced, rateLimitSettings, requestDeadlineMs, type RateLimitSettings } from './config.js';
import { requireAppCheck, verifyWithFirebase, type AppCheckSettings } from './lib/app-check.js';
import { passedDeadline, requestDeadline } from './lib/deadline.js';
import { emulatorClock } from './lib/clock.js';
import { ApiError } from './lib/errors.js';
import { keepPrivate, privateCacheControl } from './lib/http-cache.js';
import { createRateLimits, TooManyRequests } from './lib/rate-limit.js';
import { contendedMessage, contendedRetryAfterSeconds, isContention, RetryLater } from './lib/transactions.js';
import { expensiveRoutes, featureRouters } from './routes.js';

/** The largest request body any endpoint needs (a meal with a long description). */
export const maxBodyBytes = 32 * 1024;

/**
 * Cloud Functions (and the emulator) read and parse the body before Express runs, so
 * express.json's limit never applies there: the size is checked here, on the declared length
 * and on the raw body the platform kept, before any route does work.
 */
const limitBodySize: RequestHandler = (req, _res, next) => {
  const declared = Number(req.header('content-length') ?? 0);
  const raw = (req as { rawBody?: Buffer }).rawBody;
  if (declared > maxBodyBytes || (raw?.length ?? 0) > maxBodyBytes) {
    return next(new ApiError(413, 'Request body too large'));
  }
  next();
};

/** What a client did wrong, for errors raised by Express and body-parser rather than by us. */
export function clientMistake(error: { status?: number; type?: string }, status: number): string {
  if (status === 413) return 'Request body too large';
  if (error.type === 'entity.parse.failed') return 'Malformed JSON body';
  if (error instanceof URIError) return 'Malformed URL: invalid percent-encoding';
  return 'Malformed request';
}

const handleErrors: ErrorRequestHandler = (error, _req, res, next) => {
  if (passedDeadline(res)) {
    // The caller has had its 503; what the handler failed at afterwards is only worth a log.
    logger.warn('A request failed after its deadline', error);
    return;
  }
  if (res.headersSent) return next(error);
  // An error is never kept, even on a route whose answers may be shared.
  res.set('Cache-Control', privateCacheControl);
  if (error instanceof ApiError) {
    if (error instanceof TooManyRequests || error instanceof RetryLater) {
      res.set('Retry-After', String(error.retryAfterSeconds));
    }
    res.status(error.status).json(error.body());
    return;
  }
  if (isContention(error)) {
    // A transaction outside runContendedTransaction that met contention: it wrote nothing,
    // and the caller may repeat it (ADR 0047). Never a 500.
    logger.warn('A transaction met contention', error);
    res.set('Retry-After', String(contendedRetryAfterSeconds)).status(503).json({ message: contendedMessage });
    return;
  }
  const status = Number(error?.status ?? error?.statusCode);
  if (status >= 400 && status < 500) {
    res.status(status).json({ message: clientMistake(error, status) });
    return;
  }
  logger.error('Unhandled API error', error);
  res.status(500).json({ message: 'Something went wrong on our side. Please try again.' });
};

/** Settings a test may replace; production reads them from the environment (config.ts). */
export type AppOptions = {
  rateLimits?: () => RateLimitSettings;
  deadlineMs?: () => number;
  appCheck?: AppCheckSettings;
};

/** Builds the REST API. index.ts wraps it in a Cloud Function; tests may drive it directly. */
export function createApp(routers: Router[] = featureRouters, options: AppOptions = {}) {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  // First, so that whatever stalls later (the rate limit's counters included) ends in a 503.
  app.use(requestDeadline(options.deadlineMs ?? requestDeadlineMs));
  app.use(keepPrivate);
  app.use(limitBodySize);
  // A journey's fixed instant on the emulators (lib/clock.ts); nothing anywhere else.
  app.use(emulatorClock());
  app.use(
    requireAppCheck(
      options.appCheck ?? {
        enforced: appCheckEnforced,
        verify: verifyWithFirebase,
      },
    ),
  );
  app.use(express.json({ limit: maxBodyBytes }));

  const { limitCalls, limitStripeCalls } = createRateLimits(options.rateLimits ?? rateLimitSettings);
  const api = express.Router();
  api.use(limitCalls);
  for (const { method, path } of expensiveRoutes) api[method](path, limitStripeCalls);
  for (const router of routers) api.use(router);
  api.use((_req, res) => {
    res.status(404).json({ message: 'No such endpoint' });
  });

  // Through the Hosting rewrite the path keeps its /api prefix; called directly it has none.
  app.use('/api', api);
  app.use('/', api);
  app.use(handleErrors);
  return app;
}
