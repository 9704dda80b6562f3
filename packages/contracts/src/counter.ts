import { z } from './zod.js';
import type { AllergenKey } from './allergens.js';
import type { Badge } from './catalog.js';
import { documentId } from './ids.js';
import type { MealSlot } from './menu.js';

/**
 * A meal pass lives this long: long enough to walk to the counter, short enough that a
 * screenshot sent to a friend stops working. The pass page renews it before it ends.
 */
export const passLifetimeSeconds = 60;

/** How long before a serving starts its pass may be shown (and a walk-in pass asked for). */
export const passOpensMinutesBefore = 60;

/**
 * Short codes are read aloud at the counter: 6 characters from an alphabet without look-alikes
 * (no 0/O, 1/I/L), typed in any case.
 */
export const shortCodeAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const shortCodeLength = 6;
export const shortCodeSchema = z
  .string('shortCode is required')
  .trim()
  .toUpperCase()
  .regex(
    new RegExp(`^[${shortCodeAlphabet}]{${shortCodeLength}}$`),
    `shortCode must be ${shortCodeLength} letters or digits`,
  );

/**
 * POST /passes: a pass for one's own reservation (`requestId`), or a walk-in pass for a
 * serving open now (`servingId`) that a member without a reservation shows at the counter.
 */
export const passBody = z.union([z.strictObject({ requestId: documentId }), z.strictObject({ servingId: documentId })]);

/** POST /passes answers a signed pass; the QR code holds `token`, the screen shows `shortCode`. */
export type MealPass = {
  token: string;
  shortCode: string;
  /** ISO instant; the pass page asks for a new one before this. */
  expiresAt: string;
  servingId: string;
  /** null: a walk-in pass (no reservation). */
  requestId: string | null;
};

/** A pass token as it travels (base64url parts): bounded so a huge body is refused early. */
export const passTokenSchema = z
  .string('token is required')
  .trim()
  .min(20, 'token is not valid')
  .max(1000, 'token is not valid');

/**
 * POST /redemptions (staff or admin): the counter scanned `token` or was told `shortCode`.
 * `servingId` is the serving the counter is working on; a pass for another one is refused
 * ("wrong serving"). `walkIn: true` serves a member without a reservation, after the staff
 * confirmed it, when places and the member's weekly quota allow.
 */
export const redemptionBody = z.union([
  z.strictObject({ token: passTokenSchema, servingId: documentId.optional(), walkIn: z.literal(true).optional() }),
  z.strictObject({ shortCode: shortCodeSchema, servingId: documentId, walkIn: z.literal(true).optional() }),
]);
export type RedemptionBody = z.infer<typeof redemptionBody>;

/** The diner as the counter shows them. */
export type CounterMember = {
  name: string;
  photoURL: string | null;
  /**
   * Whether the photo shown is one the member set themselves (at sign-up, or their sign-in
   * provider's picture): nobody at the hostel has checked it against their face, so the
   * counter says so beside it. Every stored photo is, today; false when there is none.
   */
  photoSetByMember: boolean;
  badge: Badge;
  /** The allergens the member avoids, from their diet profile. */
  avoid?: AllergenKey[];
};

/** 201 of POST /redemptions: serve this person. */
export type Redemption = {
  member: CounterMember;
  meal: { _id: string; title: string };
  servingId: string;
  servedAt: string;
  /** Whether this serve was a walk-in (no reservation beforehand). */
  walkIn: boolean;
  /** The serving's running count after this serve. */
  served: number;
  reserved: number;
};

/**
 * Why a scan is refused, beside the message, so the counter can say it in big letters:
 * `already-served` (409, with servedAt and servedBy), `expired` (410), `no-reservation`
 * (409, with walkInAllowed when a walk-in could be served), `wrong-serving` (409),
 * `membership` (403), `invalid` (400: tampered, truncated, foreign or unknown code),
 * `full` or `quota` (409, a walk-in that cannot be served), `other-hall` (403, a serving at a
 * hall the staff member does not work at: the pass is not spent), `not-open` (409, an offline
 * pass shown before its serving's pass opens, ADR 79).
 */
export const redemptionRefusals = [
  'already-served',
  'expired',
  'no-reservation',
  'wrong-serving',
  'membership',
  'invalid',
  'full',
  'quota',
  'other-hall',
  'not-open',
] as const;
export type RedemptionRefusalReason = (typeof redemptionRefusals)[number];

/** The JSON body of a refused redemption (every 4xx of POST /redemptions). */
export type RedemptionRefusal = {
  message: string;
  reason: RedemptionRefusalReason;
  servedAt?: string;
  servedBy?: string;
  walkInAllowed?: boolean;
  member?: CounterMember;
};

/** The counter's words for a scan made while the device is offline. */
export const counterOfflineMessage = 'No connection: nothing was recorded';

/**
 * How far ahead GET /passes/offline signs passes: the servings that end within this many hours,
 * so a pass saved in the morning lasts the day, and a leaked one is good for one serving of the
 * next day at most (ADR 79).
 */
export const offlinePassAheadHours = 24;

/** GET /passes/offline: the caller's reservations ahead, each with a pass signed until its serving ends. */
export type OfflinePasses = {
  items: (Omit<CurrentPasses['items'][number], 'requestId'> & { requestId: string; pass: MealPass })[];
};

/** GET /passes/current: the caller's reservations whose pass may be shown now. */
export type CurrentPasses = {
  items: {
    /** The reservation; null for a serving the member is counted for by default (ADR 74): its pass is asked by `servingId`. */
    requestId: string | null;
    servingId: string;
    slot: MealSlot;
    startsAt: string;
    endsAt: string;
    meal: { _id: string; title: string; image: string };
  }[];
};
