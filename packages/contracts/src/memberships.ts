// Memberships and the packages they are bought as: who counts as a member, and what a
// package's card promises. Plain values and functions, no schemas, so a page that only shows
// packages or asks `isMember` does not load zod.
import { vatRate } from './catalog.js';

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
 * firestore.rules holds the same figure (`duration.value(3, 'd')` in hasActiveMembership).
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
 * Whether the user holds a paid membership at `now`. The one place the rule lives: the API
 * asks it at the moment of every check (requests, upcoming-meal likes, the badge it reports),
 * so an ended membership counts as none without any job having run. firestore.rules mirrors
 * it (hasActiveMembership).
 */
export function isMember(account: { membership?: Membership | null } | null | undefined, now: Date | number): boolean {
  const rightsEnd = membershipRightsEnd(account?.membership);
  return rightsEnd !== null && Number(now) < rightsEnd;
}

/**
 * GET /packages, GET /package/{id}. The entitlements (`weeklyRequestLimit`,
 * `priorityServing`) are what the API enforces; `services` is the display text, and the
 * lines about requests and serving must say the same (`entitlementServices`).
 */
export type MembershipPackage = {
  _id: string;
  name: string;
  price: number;
  services: string[];
  /** Meal requests per week (weeks as in `weekStart`); null: unlimited. */
  weeklyRequestLimit: number | null;
  /** Whether the member's pending requests are served before others'. */
  priorityServing: boolean;
};

export type PackageEntitlements = Pick<MembershipPackage, 'weeklyRequestLimit' | 'priorityServing'>;

/**
 * The display lines that state a package's entitlements, in the words the cards show. A
 * package's `services` list contains exactly these about requests and serving (checked by a
 * test on the seed), so the site never promises what the API does not enforce.
 */
export function entitlementServices(entitlements: PackageEntitlements): string[] {
  const { weeklyRequestLimit: limit, priorityServing } = entitlements;
  const requests =
    limit === null || limit === undefined
      ? 'Unlimited meal requests'
      : `Request up to ${limit} meal${limit === 1 ? '' : 's'} a week`;
  return priorityServing ? [requests, 'Priority serving'] : [requests];
}

/** Whether a display line speaks of an entitlement (requests per week or priority serving). */
export const isEntitlementService = (service: string) => /meal requests|meals? a week|priority serving/i.test(service);

/**
 * The services a card shows: the entitlements in standard words first, then the package's
 * other lines. Whatever an admin typed about requests or serving is replaced by what the
 * API enforces, so a card never promises more (or less).
 */
export function displayedServices(pack: Pick<MembershipPackage, 'services'> & Partial<PackageEntitlements>): string[] {
  const entitlements = {
    weeklyRequestLimit: pack.weeklyRequestLimit ?? null,
    priorityServing: pack.priorityServing === true,
  };
  return [...entitlementServices(entitlements), ...pack.services.filter((service) => !isEntitlementService(service))];
}

/** Memberships renew on this day of each month (the subscription's billing anchor). */
export const renewalDayOfMonth = 15;

/**
 * The first renewal of a subscription made at `start`: the next `renewalDayOfMonth`, at the
 * same time of day (UTC), as Stripe anchors a subscription's billing cycle to a day of the month.
 */
export function firstRenewal(start: Date): Date {
  const renewal = new Date(start.getTime());
  renewal.setUTCDate(renewalDayOfMonth);
  if (renewal.getTime() <= start.getTime()) {
    renewal.setUTCDate(1);
    renewal.setUTCMonth(renewal.getUTCMonth() + 1);
    renewal.setUTCDate(renewalDayOfMonth);
  }
  return renewal;
}

/** An amount in cents with VAT added, rounded as a tax rate on an invoice is. */
export const withVatInCents = (cents: number) => cents + Math.round((cents * Math.round(vatRate * 100)) / 100);

/**
 * What subscribing costs, worked out by the server at the moment of asking (GET /package/{id}).
 * The first period runs from now to the first renewal and is charged as its share of a whole
 * month; every month after that is charged in full. Both include VAT.
 */
export type FirstPayment = {
  /** Charged today: the first period's share of the monthly price, plus VAT, in cents. */
  dueTodayInCents: number;
  /** Charged on each renewal: the monthly price plus VAT, in cents. */
  monthlyInCents: number;
  /** The first renewal (ISO), when the full monthly charge starts. */
  renewsAt: string;
};

/**
 * The first payment of a package of `price` (dollars a month, without VAT) subscribed at
 * `now`, by the rule Stripe prorates a billing-anchored subscription with: the monthly price
 * in cents times the first period's length over the length of the month that ends on the
 * renewal, rounded to the cent, then VAT on that. The charge itself is Stripe's first invoice,
 * made a moment later by the same rule.
 */
export function firstPaymentFor(price: number, now: Date): FirstPayment {
  const unitAmount = Math.round(price * 100);
  const renewal = firstRenewal(now);
  const monthStart = new Date(renewal.getTime());
  monthStart.setUTCMonth(monthStart.getUTCMonth() - 1);
  const share = (renewal.getTime() - now.getTime()) / (renewal.getTime() - monthStart.getTime());
  return {
    dueTodayInCents: withVatInCents(Math.round(unitAmount * share)),
    monthlyInCents: withVatInCents(unitAmount),
    renewsAt: renewal.toISOString(),
  };
}

/** GET /package/{id}: the package, and what subscribing to it now costs today and then monthly. */
export type CheckoutPackage = MembershipPackage & { firstPayment: FirstPayment };
