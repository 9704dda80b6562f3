import { z } from './zod.js';
import { documentId } from './ids.js';
import { vatRate, type Badge } from './catalog.js';
import type { Satisfaction } from './feedback.js';
import type { MealSlot } from './menu.js';
import { shiftMonth } from './hostel-time.js';

/** A month in the hostel's time zone, `YYYY-MM`. */
export const calendarMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month YYYY-MM')
  .refine((value) => Number(value.slice(0, 4)) >= 2000 && Number(value.slice(0, 4)) <= 2100, 'must be a month YYYY-MM');
export type CalendarMonth = z.infer<typeof calendarMonth>;

/** The longest range one Insights answer covers. */
export const insightsMaxMonths = 24;

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/** The months from `from` to `to`, both included, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = from; month <= to; month = shiftMonth(month, 1)) months.push(month);
  return months;
}

/**
 * GET /insights?from=YYYY-MM&to=YYYY-MM[&hall=] (admin): both months included, hostel time;
 * with `hall`, what happened at that hall (ADR 72).
 */
export const insightsQuery = z
  .object({ from: calendarMonth, to: calendarMonth, hall: documentId.optional() })
  .superRefine((range, context) => {
    if (monthIndex(range.from) > monthIndex(range.to)) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
    } else if (monthIndex(range.to) - monthIndex(range.from) + 1 > insightsMaxMonths) {
      context.addIssue({ code: 'custom', path: ['from'], message: `reaches more than ${insightsMaxMonths} months` });
    }
  });
export type InsightsQuery = z.infer<typeof insightsQuery>;

/**
 * GET /exports/payments.csv?from=&to=: a range of months (`YYYY-MM`) or days (`YYYY-MM-DD`),
 * both ends included, hostel time. A month means the whole month. With several halls a `hall`
 * column (the payer's hall in the month paid, ADR 72), and `?hall=` for one hall's payments.
 */
const monthOrDay = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/, 'must be YYYY-MM or YYYY-MM-DD');
export const paymentsExportQuery = z
  .object({ from: monthOrDay, to: monthOrDay, hall: documentId.optional() })
  .superRefine((range, context) => {
    if (
      range.from.slice(0, 7) > range.to.slice(0, 7) ||
      (range.from.length === 10 && range.to.length === 10 && range.from > range.to)
    ) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'must not be after to' });
    }
  });

/**
 * GET /exports/members.csv: every member (paid membership now or ever); with several halls a
 * `hall` column (the member's hall this month, ADR 72), and `?hall=` for one hall's members.
 */
export const membersExportQuery = z.object({ hall: documentId.optional() });

/** Money of one month, in cents of the site's currency. */
export type RevenueMonth = {
  month: string;
  /** Paid invoices and one-off payments, tax included. */
  grossCents: number;
  refundedCents: number;
  /** gross - refunded. */
  netCents: number;
  /** The VAT inside gross, net of refunded VAT. */
  taxCents: number;
  payments: number;
};

/** Members of one month: the count per paid tier at the month's end, gained and lost in it. */
export type MembersMonth = {
  month: string;
  byTier: Partial<Record<Badge, number>>;
  gained: number;
  lost: number;
};

/** Requests and reservations of one day (hostel time) and what became of them. */
export type MealsDay = {
  date: string;
  requested: number;
  /** Of those, reservations for a serving. */
  reserved: number;
  served: number;
  cancelled: number;
  /** Reservations whose serving ended without a serve. */
  notCollected: number;
};

/** The no-show rate of a slot over the range: notCollected / (served + notCollected). */
export type SlotNoShow = { slot: MealSlot; served: number; notCollected: number; rate: number };

/** A meal's standing over the range. */
export type MealStanding = {
  _id: string;
  title: string;
  requests: number;
  likes: number;
  rating: number;
  reviews: number;
};

/** One hall's reservations over the range (ADR 72) and what became of them. */
export type HallMeals = {
  hallId: string;
  name: string;
  reserved: number;
  served: number;
  cancelled: number;
  notCollected: number;
};

/** Reservations per weekday (1 Monday ... 7 Sunday) and slot over the range. */
export type BusySlot = { weekday: number; slot: MealSlot; reservations: number };

/** GET /insights */
export type Insights = {
  from: string;
  to: string;
  timeZone: string;
  currency: string;
  revenue: RevenueMonth[];
  members: MembersMonth[];
  meals: MealsDay[];
  noShowBySlot: SlotNoShow[];
  /** Five each, by requests, likes and rating (meals with a review). */
  topMeals: { byRequests: MealStanding[]; byLikes: MealStanding[]; byRating: MealStanding[] };
  bottomMeals: { byRequests: MealStanding[]; byLikes: MealStanding[]; byRating: MealStanding[] };
  busiestSlots: BusySlot[];
  /** Every hall, by name: one with a single hall, which the page does not show apart. */
  halls: HallMeals[];
  /** Ratings of the servings in the range and the complaints raised in it. */
  satisfaction: Satisfaction;
  /** Days of approved leave and the credit approved for them, by the month the days fall in (ADR 74). */
  leave: LeaveMonth[];
};

/** One month's approved leave: the days members were away, and the credit those leaves earned. */
export type LeaveMonth = { month: string; days: number; creditCents: number };

// The one CSV writer (csvCell, csvLine) lives in csv.ts, a module of its own so that the site
// loads it only with the pages that write CSV (ADR 37).
export { csvCell, csvLine } from './csv.js';

/** The header row of GET /exports/payments.csv. */
export const paymentsCsvHeader = [
  'date',
  'member name',
  'member email',
  'package',
  'amount',
  'tax',
  'currency',
  'stripe id',
  'status',
] as const;

/** The header row of GET /exports/members.csv. */
export const membersCsvHeader = ['name', 'email', 'tier', 'status', 'renews or ends'] as const;

/**
 * The VAT inside an amount that includes it (cents), for payment rows that do not carry
 * Stripe's own tax figure (one-off payments from before subscriptions).
 */
export function includedVatInCents(amountInCents: number): number {
  return amountInCents - Math.round(amountInCents / (1 + vatRate));
}
