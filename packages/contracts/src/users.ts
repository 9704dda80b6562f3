import { z } from 'zod';
import type { Badge, Role } from './catalog.js';
import { roles } from './catalog.js';
import { documentId } from './ids.js';
import { pageQuery } from './paging.js';

/** POST /users. `role` and `badge` are accepted and ignored: a new user is a Bronze student. */
export const createUserBody = z.strictObject({
  name: z.string().trim().max(120).optional(),
  email: z.email().max(254).optional(),
  photoURL: z.union([z.url({ protocol: /^https?$/ }).max(2048), z.literal(''), z.null()]).optional(),
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
export const roleBody = z.strictObject({ role: z.enum(roles, "role must be 'admin' or 'student'") });

/** A paid membership, as stored on the user when the payment was recorded. */
export type Membership = { packageId: string; packageName: string; since: string | null };

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
};

/** A row of GET /users (Manage Users). */
export type ManagedUser = UserAccount;

/** GET /user: the profile the site's session and dashboards show. */
export type UserProfile = UserAccount & {
  /** How many meals the user added (admins). */
  numberOfMeals: number;
};

/** Whether the user holds a paid membership. The stored membership decides, not the badge. */
export function isMember(account: Pick<UserAccount, 'membership'> | null | undefined): boolean {
  return Boolean(account?.membership);
}
