import {
  allergenLabels,
  defaultHostelTimeZone,
  isMember,
  type AllergenKey,
  type Membership,
} from '@hostelhub/contracts';

/**
 * A formatter made when it is first asked for. Each Intl formatter loads its locale's data
 * when made, which on a slow phone takes tens of milliseconds: made with the module, they
 * all lengthened the one task in which the page's scripts start.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

const money = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
const day = onFirstUse(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));

/**
 * Every amount of money the site shows: "$12.50", "$1,234.00", "-$3.00", as Intl's en-US
 * currency format writes it, in plain code: the first Intl formatter a page makes loads the
 * locale's data, tens of milliseconds of one task while a page of prices is taken over.
 */
export function formatPrice(amount: number): string {
  const digits = String(Math.abs(amount));
  // NaN, Infinity and amounts written with an exponent, which no price is, go to Intl.
  if (!/^\d+(\.\d+)?$/.test(digits) || Math.abs(amount) >= 1e15) return money().format(amount);
  // Rounded from the number's shortest decimal form, as Intl rounds (2.675 is $2.68).
  const cents = Math.round(Number(`${digits}e2`));
  const dollars = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = amount < 0 ? '-' : '';
  return `${sign}$${dollars}.${String(cents % 100).padStart(2, '0')}`;
}

/** An amount Stripe counts in cents (1523), shown like every other price: "$15.23". */
export const formatCents = (cents: number) => formatPrice(cents / 100);

/** A meal's average rating with one decimal: "4.0". */
export const formatRating = (rating: number) => rating.toFixed(1);

/** A date for tables ("Nov 15, 2026"); an unreadable value is shown as it came. */
export function formatDate(iso: string | null) {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day().format(date);
}

const steps: [RelativeUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

/** Intl's words for one unit either side of now (`numeric: 'auto'`); hours and minutes have none. */
const nextTo: Partial<Record<RelativeUnit, [before: string, after: string]>> = {
  year: ['last year', 'next year'],
  month: ['last month', 'next month'],
  week: ['last week', 'next week'],
  day: ['yesterday', 'tomorrow'],
};

/**
 * "3 hours ago", "yesterday", "in 2 weeks": Intl's en `RelativeTimeFormat` (numeric: 'auto')
 * written out. Making that formatter loads the locale's data, about 25 ms of one task, and the
 * meal page showed "Posted 3 days ago" while it was taken over (ADR 54).
 */
function relativeWords(count: number, unit: RelativeUnit): string {
  const near = Math.abs(count) === 1 ? nextTo[unit] : undefined;
  if (near) return count < 0 ? near[0] : near[1];
  // Below a thousand (each count stays under the next unit's size): no digit grouping.
  const amount = `${Math.abs(count)} ${unit}${Math.abs(count) === 1 ? '' : 's'}`;
  return count < 0 ? `${amount} ago` : `in ${amount}`;
}

/** "3 hours ago", "yesterday"; an empty string for a missing time. */
export function formatRelativeTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((time - now) / 1000);
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relativeWords(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** A count with its noun in the right number: "1 review", "12 meals", "0 likes". */
export function formatCount(count: number, singular: string, plural = `${singular}s`) {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * How long a request has waited since `iso`: "waiting 12 min", "waiting 2 h 5 min",
 * "waiting 1 d 3 h", "waiting under 1 min"; an empty string for a missing time. Whole
 * minutes, rounded down, so the text changes once a minute at most.
 */
export function formatWaitingTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const since = new Date(iso).getTime();
  if (Number.isNaN(since)) return '';
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  if (minutes < 1) return 'waiting under 1 min';
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `waiting ${days} d ${hours} h` : `waiting ${days} d`;
  if (hours > 0) return rest > 0 ? `waiting ${hours} h ${rest} min` : `waiting ${hours} h`;
  return `waiting ${rest} min`;
}

const hostelDayMonth = onFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: defaultHostelTimeZone }),
);
const hostelDayMonthYear = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: defaultHostelTimeZone,
    }),
);
const hostelYear = onFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: defaultHostelTimeZone }),
);

/** A day as the hostel's calendar has it: "3 Dec" this year, "3 Dec 2027" in another; '' if unreadable. */
export function formatHostelDay(iso: string | null | undefined, now = Date.now()): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return hostelYear().format(date) === hostelYear().format(now)
    ? hostelDayMonth().format(date)
    : hostelDayMonthYear().format(date);
}

/**
 * A membership in the one vocabulary My Profile and Manage Users share: "Gold · renews 15 Dec",
 * "Gold · ends 15 Dec · won't renew", "Gold · payment failed · paid until 15 Dec",
 * "Gold · ended 15 Nov", and the badge ("Bronze") for someone who never held one.
 */
export function formatMembership(
  account: { membership?: Membership | null; badge?: string | null },
  now = Date.now(),
): string {
  const membership = account.membership;
  if (!membership) return account.badge || 'Bronze';
  const day = formatHostelDay(membership.currentPeriodEnd, now);
  const plan = membership.packageName;
  if (!isMember({ membership }, now)) return `${plan} · ended ${day}`;
  if (membership.status === 'past_due') return `${plan} · payment failed · paid until ${day}`;
  // A one-off payment (before subscriptions) bought one month that does not renew either.
  if (membership.cancelAtPeriodEnd || membership.status === 'canceled' || membership.subscriptionId === null) {
    return `${plan} · ends ${day} · won't renew`;
  }
  return `${plan} · renews ${day}`;
}

/** An allergen's name at the start of a label ("Tree nuts"); sentences use allergenLabels as they are. */
export function formatAllergenName(key: AllergenKey): string {
  const name = allergenLabels[key];
  return name.charAt(0).toUpperCase() + name.slice(1);
}
