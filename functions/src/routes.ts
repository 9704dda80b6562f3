import type { Router } from 'express';
import { likesRouter } from './features/likes/router.js';
import { requestsRouter } from './features/requests/router.js';
import { reviewsRouter } from './features/reviews/router.js';
import { sessionRouter } from './features/session/router.js';

/** Every feature's router, in the order they are tried. */
export const featureRouters: Router[] = [sessionRouter, likesRouter, requestsRouter, reviewsRouter];
