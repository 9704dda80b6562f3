import { defaultHostelTimeZone, isMember, type Membership } from '@hostelhub/contracts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** Every amount of money the site shows: "$12.50". */
export const formatPrice = (amount: number) => money.format(amount);

/** A date for tables ("Nov 15, 2026"); an unreadable value is shown as it came. */
export function formatDate(iso: string | null) {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : day.format(date);
}

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "3 hours ago", "yesterday"; an empty string for a missing time. */
export function formatRelativeTime(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((time - now) / 1000);
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** A count with its noun in the right number: "1 review", "12 meals", "0 likes". */
export function formatCount(count: number, singular: string, plural = `${singular}s`) {
  return `${count} ${count === 1 ? singular : plural}`;
}

const hostelDayMonth = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: defaultHostelTimeZone,
});
const hostelDayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: defaultHostelTimeZone,
});
const hostelYear = new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: defaultHostelTimeZone });

/** A day as the hostel's calendar has it: "3 Dec" this year, "3 Dec 2027" in another; '' if unreadable. */
export function formatHostelDay(iso: string | null | undefined, now = Date.now()): string {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return hostelYear.format(date) === hostelYear.format(now)
    ? hostelDayMonth.format(date)
    : hostelDayMonthYear.format(date);
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
