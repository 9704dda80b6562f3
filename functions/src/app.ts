import express, { type ErrorRequestHandler, type Router } from 'express';
import { logger } from 'firebase-functions';
import { ApiError } from './lib/errors.js';
import { featureRouters } from './routes.js';

const handleErrors: ErrorRequestHandler = (error, _req, res, _next) => {
  if (error instanceof ApiError) {
    res.status(error.status).json({ message: error.message });
    return;
  }
  // body-parser marks client mistakes (bad JSON, too large) with an exposable 4xx status.
  const status = typeof error?.status === 'number' ? error.status : 500;
  if (status >= 400 && status < 500 && error.expose) {
    res.status(status).json({ message: status === 413 ? 'Request body too large' : 'Malformed request body' });
    return;
  }
  logger.error('Unhandled API error', error);
  res.status(500).json({ message: 'Something went wrong on our side. Please try again.' });
};

/** Builds the REST API. index.ts wraps it in a Cloud Function; tests may drive it directly. */
export function createApp(routers: Router[] = featureRouters) {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  app.use(express.json({ limit: '32kb' }));

  const api = express.Router();
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
