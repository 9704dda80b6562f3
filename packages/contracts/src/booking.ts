// Booking by default, leave and standing reservations (issue 53, ADR 74): how a hostel counts
// who eats, the leave its residents take and the credit it earns, and a member's weekly
// pattern of reservations. Plain values and functions, no schemas (booking-schemas.ts), so the
// site's pages use them without zod.
import { addDays, daysBetween } from './hostel-time.js';
import type { MealSlot } from './menu.js';

/**
 * `reserve`: a member is counted for a serving they reserved (one by one, or by a standing
 * pattern). `default`: every member is counted for every serving at their hall, unless on
 * leave that day or they skipped that serving before its cutoff.
 */
export const bookingRules = ['reserve', 'default'] as const;
export type BookingRule = (typeof bookingRules)[number];

/** A share of the credit by the leave's length: from `minDays` days on, `percent` of it. */
export type CreditStep = { minDays: number; percent: number };

/**
 * The hostel's leave rules. A leave is whole days, `from` to `to` in the hostel's calendar.
 * The credit per day is a fixed amount (`creditPerDayCents`) or a share of the plan's daily
 * price (`creditSharePercent` of the member's package price over the days of the month);
 * neither: leave earns nothing. `uncreditedDays` of each leave earn nothing (some hostels
 * credit two days fewer), and `creditByLength` scales the credit by the leave's length.
 */
export type LeaveRules = {
  minDays: number;
  /** Days between today and the leave's first day, at least. */
  noticeDays: number;
  /** Days of leave (pending or approved) in one calendar month, at most; null: no limit. */
  maxDaysPerMonth: number | null;
  /** False: a leave that keeps the rules is approved when applied for. */
  needsApproval: boolean;
  creditPerDayCents: number | null;
  creditSharePercent: number | null;
  uncreditedDays: number;
  /** Ascending `minDays`; a leave shorter than the first step earns nothing. Empty: 100%. */
  creditByLength: CreditStep[];
};

/** GET /meal-settings: the hostel's booking rule and leave rules. */
export type MealSettings = { booking: BookingRule; leave: LeaveRules };

export const defaultLeaveRules: LeaveRules = {
  minDays: 3,
  noticeDays: 2,
  maxDaysPerMonth: 15,
  needsApproval: true,
  creditPerDayCents: null,
  creditSharePercent: null,
  uncreditedDays: 0,
  creditByLength: [],
};
export const defaultMealSettings: MealSettings = { booking: 'reserve', leave: defaultLeaveRules };

export const leaveStatuses = ['pending', 'approved', 'declined', 'cancelled'] as const;
export type LeaveStatus = (typeof leaveStatuses)[number];
export const leaveReasonMaxLength = 500;
/** The longest leave one application covers. */
export const maxLeaveDays = 62;
export const maxCreditSteps = 5;

/** A leave as the API answers it. */
export type Leave = {
  _id: string;
  uid: string;
  /** The member's name and email, for the admins' queue. */
  name: string;
  email: string;
  from: string;
  to: string;
  days: number;
  status: LeaveStatus;
  /** The member's own words. */
  reason: string | null;
  /** The admin's reason for a decision, shown to the member. */
  decisionReason: string | null;
  /** What the leave earns, in cents; credited to the next invoice once approved. */
  creditCents: number;
  /** When the credit reached the member's balance (null: not credited, or taken back). */
  creditedAt: string | null;
  appliedAt: string;
  decidedAt: string | null;
};

/** POST /leaves answer. */
export type LeaveApplied = { insertedId: string; status: LeaveStatus; days: number; creditCents: number };

/** GET /leaves for a member: their leaves, and what their rules leave them this month and next. */
export type MyLeaves = {
  items: Leave[];
  nextCursor: string | null;
  rules: LeaveRules;
  /** Days still free under `maxDaysPerMonth`, by month `YYYY-MM` (this month and the next); null: no limit. */
  daysLeft: Record<string, number | null>;
};

/** GET /my-skips: the servings from today on the caller skipped under default booking. */
export type MySkips = { servingIds: string[] };

/** One served time of a member's week: every `weekday` (1 Monday to 7 Sunday), the serving in `slot`. */
export type StandingSlot = { weekday: number; slot: MealSlot };
/** GET /standing-reservations. */
export type StandingReservations = { pattern: StandingSlot[]; updatedAt: string | null };

/** The days from `from` to `to`, both counted (calendar dates `YYYY-MM-DD`). */
export const leaveDaysOf = (from: string, to: string) => daysBetween(from, to) + 1;

/** The days of a leave in each month it touches, `YYYY-MM` to days. */
export function leaveDaysByMonth(from: string, to: string): Map<string, number> {
  const months = new Map<string, number>();
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const month = date.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + 1);
  }
  return months;
}

/** Days in the month of `date`. */
const daysInMonthOf = (date: string) => new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7), 0)).getUTCDate();

/**
 * What a leave earns under `rules`, in whole cents: its credited days (its days less
 * `uncreditedDays`) at the day's rate, scaled by the length step it reaches. A share of the
 * plan's price counts each day at its own month's daily price (`planMonthlyCents` over that
 * month's days), so a leave over a month's turn is paid as its days fall.
 */
export function leaveCreditCents(rules: LeaveRules, from: string, to: string, planMonthlyCents: number | null): number {
  const days = leaveDaysOf(from, to);
  const credited = Math.max(0, days - rules.uncreditedDays);
  if (credited === 0) return 0;
  const steps = [...rules.creditByLength].sort((a, b) => a.minDays - b.minDays);
  const step = steps.length === 0 ? 100 : ([...steps].reverse().find((each) => days >= each.minDays)?.percent ?? 0);
  let cents = 0;
  if (rules.creditPerDayCents !== null) cents = credited * rules.creditPerDayCents;
  else if (rules.creditSharePercent !== null && planMonthlyCents !== null) {
    // The credited days are the leave's first ones; each at its month's daily price.
    for (let day = 0; day < credited; day++) {
      const date = addDays(from, day);
      cents += (planMonthlyCents * rules.creditSharePercent) / 100 / daysInMonthOf(date);
    }
  }
  return Math.round((cents * step) / 100);
}

/** The leave rules in a sentence or two, as My Leave and the settings say them. */
export function leaveRulesSummary(rules: LeaveRules, money: (cents: number) => string): string[] {
  const lines = [
    `At least ${rules.minDays} day${rules.minDays === 1 ? '' : 's'}, applied for ${rules.noticeDays} day${rules.noticeDays === 1 ? '' : 's'} ahead or more.`,
  ];
  if (rules.maxDaysPerMonth !== null) lines.push(`At most ${rules.maxDaysPerMonth} days of leave in a month.`);
  lines.push(
    rules.needsApproval ? 'An admin approves each leave.' : 'A leave that keeps these rules is approved at once.',
  );
  if (rules.creditPerDayCents !== null)
    lines.push(`Each day earns ${money(rules.creditPerDayCents)} off your next invoice.`);
  else if (rules.creditSharePercent !== null)
    lines.push(`Each day earns ${rules.creditSharePercent}% of your plan's daily price off your next invoice.`);
  else lines.push('Leave earns no credit.');
  if (rules.uncreditedDays > 0 && (rules.creditPerDayCents !== null || rules.creditSharePercent !== null))
    lines.push(
      `The first ${rules.uncreditedDays} day${rules.uncreditedDays === 1 ? '' : 's'} of each leave earn nothing.`,
    );
  for (const step of rules.creditByLength) lines.push(`From ${step.minDays} days: ${step.percent}% of the credit.`);
  return lines;
}
