// The words the leave screens use (docs/glossary.md: leave, leave credit, booking rule), and
// how a leave's days and credit are written.
import { type BookingRule, type Leave, type LeaveRules, type LeaveStatus } from '@hostelhub/contracts';
import { formatCents } from '@/lib/format';
import { formatDayShort } from '@/lib/serving-format';

export const leaveStatusLabels: Record<LeaveStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

export const leaveStatusStyles: Record<LeaveStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-800',
  cancelled: 'bg-stone-200 text-stone-800',
};

/** The booking rule under its name, and what it means in a sentence. */
export const bookingRuleWords: Record<BookingRule, { label: string; meaning: string }> = {
  reserve: {
    label: 'Members reserve',
    meaning:
      'A member is counted for a serving only when they reserve a place at it, one by one or by a standing reservation.',
  },
  default: {
    label: 'Booked by default',
    meaning:
      'Every member is counted for every serving at their hall, unless they are on leave that day or skip the serving before its cutoff.',
  },
};

/** "5 days", "1 day". */
export const daysText = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

/** A day of a leave: "Mon 7 Dec", with the year when it is not this one ("Mon 4 Jan 2027"). */
const leaveDay = (date: string, thisYear: string) =>
  date.slice(0, 4) === thisYear ? formatDayShort(date) : `${formatDayShort(date)} ${date.slice(0, 4)}`;

/** A leave's days: "Mon 7 Dec to Fri 11 Dec", or the one day. `today` gives the year to leave out. */
export function leaveDates(leave: Pick<Leave, 'from' | 'to'>, today: string): string {
  const year = today.slice(0, 4);
  return leave.from === leave.to
    ? leaveDay(leave.from, year)
    : `${leaveDay(leave.from, year)} to ${leaveDay(leave.to, year)}`;
}

/** Whether the rules give leave any credit (a share of the plan's price needs the price to count it). */
export const rulesGiveCredit = (rules: LeaveRules) =>
  rules.creditPerDayCents !== null || rules.creditSharePercent !== null;

/** Minus an amount of credit, as an invoice takes it off: "−$12.00". */
export const minusCents = (cents: number) => `\u2212${formatCents(cents)}`;

/**
 * What a leave's credit is now, in words: "$12.00 once approved", "$12.00, to be credited" (to
 * the next invoice), "$12.00, credited", "None"; a declined or cancelled leave keeps none.
 */
export function creditText(leave: Pick<Leave, 'creditCents' | 'creditedAt' | 'status'>): string {
  if (leave.creditCents <= 0 || leave.status === 'declined' || leave.status === 'cancelled') return 'None';
  const amount = formatCents(leave.creditCents);
  if (leave.status === 'pending') return `${amount} once approved`;
  return leave.creditedAt ? `${amount}, credited` : `${amount}, to be credited`;
}

/** Whether the member may still cancel a leave: pending or approved, and not started yet. */
export const cancellable = (leave: Pick<Leave, 'status' | 'from'>, today: string) =>
  (leave.status === 'pending' || leave.status === 'approved') && leave.from > today;
