import type { Router } from 'express';
import { sessionRouter } from './features/session/router.js';

/** Every feature's router, in the order they are tried. */
export const featureRouters: Router[] = [sessionRouter];
