import type { NextHall } from './halls.js';
import { z } from './zod.js';
import type { DietProfile } from './allergens.js';
import type { Badge, Role } from './catalog.js';
import { roles } from './catalog.js';
import { documentId } from './ids.js';
import { pageQuery } from './paging.js';
import type { Membership } from './memberships.js';
import type { EmailPreferences } from './email.js';

/** POST /users. `role` and `badge` are accepted and ignored: a new user is a Bronze student. */
/**
 * Profile pictures are shown to every reader of a review and to admins: https only (no
 * javascript:, data: or plain-http tracking), and of bounded length. The rules say the same.
 */
export const photoUrlSchema = z.url({ protocol: /^https$/, error: 'must be an https URL' }).max(2048);

/** A picture URL from elsewhere (the sign-in provider), kept only when it passes the same check. */
export function acceptedPhotoUrl(value: string | null | undefined): string | null {
  return value && photoUrlSchema.safeParse(value).success ? value : null;
}

export const createUserBody = z.strictObject({
  name: z.string().trim().max(120).optional(),
  email: z.email().max(254).optional(),
  photoURL: z.union([photoUrlSchema, z.literal(''), z.null()]).optional(),
  role: z.unknown().optional(),
  badge: z.unknown().optional(),
});

/** GET /user */
export const userQuery = z.object({ email: z.email().max(254).optional() });

/** GET /users (admins) */
export const usersSearchQuery = z.object({
  nameOrEmail: z.string().max(200).optional(),
  ...pageQuery,
});

/** PATCH /users/{uid}/role (admins) */
export const roleParams = z.object({ uid: documentId });
export const roleBody = z.strictObject({ role: z.enum(roles, "role must be 'admin', 'staff' or 'student'") });

/**
 * A user's stored profile, in the API's words: role, badge and membership always come from
 * here, never from the client. GET /users lists these.
 */
export type UserAccount = {
  _id: string;
  name: string;
  email: string;
  photoURL: string | null;
  role: Role;
  badge: Badge;
  membership: Membership | null;
  /** The allergens the user avoids and the diets they keep; empty lists until they say. */
  diet: DietProfile;
};

/** A row of GET /users (Manage Users). */
export type ManagedUser = UserAccount;

/** GET /user: the profile the site's session and dashboards show. */
export type UserProfile = UserAccount & {
  /** How many meals the user added (admins). */
  numberOfMeals: number;
  /** Which kinds of email the user gets, the defaults filled in (docs/email.md). */
  emailPreferences: EmailPreferences;
  /** The hall the resident eats at this month (ADR 72); null until one is set or chosen. */
  homeHallId: string | null;
  /** The hall they chose for a month ahead, until that month comes. */
  nextHall: NextHall | null;
  /** The halls a member of kitchen staff works at; empty: every hall. */
  hallIds: string[];
  /** Leave credit waiting for the member's next invoice, in cents (ADR 74). */
  leaveCreditCents: number;
};
