import { z } from './zod.js';

/** POST /jwt. The Firebase ID token travels as the bearer token; `email`, if sent, must be its own. */
export const jwtBody = z.object({ email: z.string().email().optional() }).strict();

export type ApiToken = { token: string };

/** GET /health: the API is up (the readiness check of scripts and monitoring). */
export type Health = { ok: true };
