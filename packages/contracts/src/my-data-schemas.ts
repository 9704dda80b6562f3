// The body of DELETE /user (ADR 75): the proof of a recent sign-in. Kept apart from my-data.ts
// so the site's pages that only show the section carry no zod.
import { z } from './zod.js';

/**
 * A Firebase ID token the browser got by signing in again just now (re-authenticating with
 * the password): the API checks its signature, its account and its `auth_time`.
 */
export const closeAccountBody = z.strictObject({
  idToken: z
    .string({ error: 'sign in again to get a fresh ID token' })
    .min(1, 'sign in again to get a fresh ID token')
    .max(4096, 'too long for a Firebase ID token'),
});
export type CloseAccountBody = z.infer<typeof closeAccountBody>;
