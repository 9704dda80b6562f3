// The meal requests' schemas, apart from their types and messages (requests.ts), so the site's
// pages that only show a serving or its messages carry no zod (ADR 0039).
import { z } from './zod.js';
import { documentId } from './ids.js';
import { pageQuery } from './paging.js';

/** POST /meal-request. `userEmail` must be the caller's if sent; a new request is always pending. */
export const mealRequestBody = z
  .object({
    mealId: documentId,
    /** With it, the request is a reservation for that serving of the meal (ADR 0029). */
    servingId: documentId.optional(),
    userEmail: z.string().max(320).nullish(),
    status: z.string().max(40).nullish(),
  })
  .strict();

/** PATCH /meal-request/{id}/cancel */
export const requestIdParams = z.object({ id: documentId });

/** PATCH /requested-meal/status/update and /requested-meal/status/undo */
export const statusUpdateBody = z.object({ id: documentId }).strict();

/** GET /requested-meals */
export const requestedMealsQuery = z.object({
  email: z.string().trim().max(320).optional(),
  role: z.string().max(40).optional(),
  search: z.string().max(100).optional(),
  /**
   * Admins, without `search`: `pending` is Serve Meals' queue (priority first, then oldest
   * first); `history` the requests that left it (served or cancelled), newest first.
   */
  queue: z.enum(['pending', 'history'], "queue must be 'pending' or 'history'").optional(),
  /** With `queue=pending`: only the reservations for this serving (the counter's lunch list). */
  servingId: documentId.optional(),
  ...pageQuery,
});
export type RequestedMealsQuery = z.infer<typeof requestedMealsQuery>;

/**
 * GET /my-reservations: a page of the caller's reservations (every page together is all of
 * them, however many: the site reads each, so it never offers Reserve for a place it holds).
 */
export const myReservationsQuery = z.object({ ...pageQuery });
