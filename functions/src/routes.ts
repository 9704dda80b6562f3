import type { Router } from 'express';
import { paymentsRouter } from './features/payments/router.js';
import { sessionRouter } from './features/session/router.js';

/** Every feature's router, in the order they are tried. */
export const featureRouters: Router[] = [sessionRouter, paymentsRouter];
