import { z } from './zod.js';
import type { Badge, Role } from './catalog.js';
import { roles } from './catalog.js';
import { documentId } from './ids.js';
import { pageQuery } from './paging.js';

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
export const roleBody = z.strictObject({ role: z.enum(roles, "role must be 'admin' or 'student'") });

/** Where a membership stands, as Stripe's subscription says (docs/data-model.md). */
export const membershipStatuses = ['active', 'past_due', 'canceled', 'expired'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

/**
 * A membership as the API answers it: `users/{uid}.membership` with `currentPeriodEnd` (a
 * Firestore Timestamp there) as an ISO string. The field names are a contract read by tools
 * outside the API, and by the security rules: keep them.
 */
export type Membership = {
  packageId: string;
  packageName: string;
  status: MembershipStatus;
  /** The end of the paid period. */
  currentPeriodEnd: string;
  /** True when the member asked to stop: no renewal, rights until `currentPeriodEnd`. */
  cancelAtPeriodEnd: boolean;
  /** The Stripe Subscription; null for a one-off payment (the demo's, and older ones). */
  subscriptionId: string | null;
};

/**
 * How long after `currentPeriodEnd` a membership awaiting its renewal still counts: Stripe
 * charges the renewal at the period's end and tells us minutes (or, when it retries a
 * failed card, days) later. A member is not locked out meanwhile; after this, they are.
 * firestore.rules holds the same figure (membershipGraceSeconds).
 */
export const membershipGraceDays = 3;
const dayInMs = 86_400_000;

/** The same day and time a month later (clamped to the month's last day), as Stripe counts months. */
export function oneMonthAfter(start: Date): Date {
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * When the membership's rights end, in ms since the epoch; null when it gives none at all.
 * Grace applies only while a renewal is expected (active or past_due, not cancelling): a
 * canceled membership, or one set to end, lasts exactly to the end of what was paid.
 */
export function membershipRightsEnd(
  membership: Pick<Membership, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'> | null | undefined,
): number | null {
  if (!membership) return null;
  const periodEnd = Date.parse(membership.currentPeriodEnd);
  if (Number.isNaN(periodEnd)) return null;
  switch (membership.status) {
    case 'active':
    case 'past_due':
      return membership.cancelAtPeriodEnd ? periodEnd : periodEnd + membershipGraceDays * dayInMs;
    case 'canceled':
      return periodEnd;
    default:
      return null;
  }
}

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

/**
 * Whether the user holds a paid membership at `now`. The one place the rule lives: the API
 * asks it at the moment of every check (requests, upcoming-meal likes, the badge it reports),
 * so an ended membership counts as none without any job having run. firestore.rules mirrors
 * it (hasActiveMembership).
 */
export function isMember(account: { membership?: Membership | null } | null | undefined, now: Date | number): boolean {
  const rightsEnd = membershipRightsEnd(account?.membership);
  return rightsEnd !== null && Number(now) < rightsEnd;
}
