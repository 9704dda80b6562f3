// The meal requests' types and messages; their schemas are in request-schemas.ts, so that
// importing a message here brings no zod into a page's scripts (ADR 0039).
import type { AllergenKey } from './allergens.js';
import type { RequestStatus } from './catalog.js';
import type { ReservationServing } from './menu.js';
import type { Page } from './paging.js';

/** PATCH /requested-meal/status/undo: how long after a serve it may be taken back. */
export const serveUndoWindowSeconds = 60;
export const serveUndoExpiredMessage = 'This serve can no longer be undone';

/**
 * A row of GET /requested-meals, with its meal's current title and counts. Each request is
 * its own record: a meal requested again after delivery or cancellation is a new row, and
 * the earlier one keeps its status and times.
 */
export type RequestedMeal = {
  _id: string;
  mealId: string;
  title: string;
  likes: number;
  reviews_count: number;
  status: RequestStatus;
  userEmail: string;
  userName: string;
  requestedAt: string | null;
  /** When an admin served it; null unless delivered. */
  servedAt: string | null;
  /** When its owner withdrew it; null unless cancelled. */
  cancelledAt: string | null;
  /** Whether the requester's package served them with priority when they asked. */
  priority: boolean;
  /** The serving a reservation is for; null or absent for the spec's undated request. */
  serving?: ReservationServing | null;
  /** Staff and admins only: the allergens the diner avoids (their diet profile), shown beside their name. */
  dinerAvoids?: AllergenKey[];
};

/**
 * GET /my-reservations: a page of the caller's reservations of servings from today on, waiting
 * or served (a place served today still shows as held on the menu), by day soonest first. Every
 * page together is all of them; a cancelled one is not among them.
 */
export type MyReservations = Page<RequestedMeal>;

/**
 * POST /meal-request: 201 with the new request's id, or 208 with a message and the id of the
 * request the member holds already (a repeated reservation answers with the one it made, so a
 * client may always repeat a request whose answer it did not get).
 */
export type MealRequested = { insertedId: string } | { message: string; requestId?: string };

/**
 * A reservation's answer when the request deadline passed before its outcome was known: it may
 * have been made. `outcome: 'unknown'` beside the message tells the site so.
 */
export const reservationOutcomeUnknownMessage =
  'We could not confirm your reservation in time. It may have gone through: check Requested Meals in your dashboard, or reserve again (you will not get two places).';

export const alreadyRequestedMessage = 'You have already requested this meal';
export const membershipRequiredMessage = 'A membership is required to request meals';
