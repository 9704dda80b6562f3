// The request schemas of booking by default, leave and standing reservations (docs/api.md
// "Leave"). The values they check are in booking.ts, which the site uses without zod.
import {
  bookingRules,
  leaveReasonMaxLength,
  leaveStatuses,
  maxCreditSteps,
  maxLeaveDays,
  leaveDaysOf,
} from './booking.js';
import { calendarDate } from './menu-schemas.js';
import { mealSlots } from './menu.js';
import { pageQuery } from './paging.js';
import { z } from './zod.js';

const whole = (field: string, min: number, max: number) =>
  z
    .number(`${field} must be a number`)
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be ${min} to ${max}`)
    .max(max, `${field} must be ${min} to ${max}`);

const reason = z
  .string('reason must be text')
  .trim()
  .max(leaveReasonMaxLength, `reason must be at most ${leaveReasonMaxLength} characters`)
  .nullish()
  .transform((value) => (value ? value : null));

export const leaveRulesBody = z
  .object({
    minDays: whole('leave.minDays', 1, 31),
    noticeDays: whole('leave.noticeDays', 0, 60),
    maxDaysPerMonth: whole('leave.maxDaysPerMonth', 1, 31).nullable(),
    needsApproval: z.boolean('leave.needsApproval must be true or false'),
    creditPerDayCents: whole('leave.creditPerDayCents', 0, 100_000).nullable(),
    creditSharePercent: whole('leave.creditSharePercent', 1, 100).nullable(),
    uncreditedDays: whole('leave.uncreditedDays', 0, 31).optional().default(0),
    creditByLength: z
      .array(
        z
          .object({
            minDays: whole('leave.creditByLength.minDays', 1, 62),
            percent: whole('leave.creditByLength.percent', 0, 100),
          })
          .strict(),
      )
      .max(maxCreditSteps, `leave.creditByLength must list at most ${maxCreditSteps} steps`)
      .refine(
        (steps) => steps.every((step, index) => index === 0 || step.minDays > steps[index - 1]!.minDays),
        'leave.creditByLength must go up by minDays, each once',
      )
      .optional()
      .default([]),
  })
  .strict()
  .refine(
    (rules) => rules.creditPerDayCents === null || rules.creditSharePercent === null,
    'leave: give creditPerDayCents or creditSharePercent, not both',
  );

/** PUT /meal-settings (admin): both rules at once. */
export const mealSettingsBody = z
  .object({
    booking: z.enum(bookingRules, 'booking must be reserve or default'),
    leave: leaveRulesBody,
  })
  .strict();
export type MealSettingsBody = z.input<typeof mealSettingsBody>;

/** POST /leaves: whole days, `from` to `to`, in the hostel's calendar. */
export const leaveBody = z
  .object({ from: calendarDate, to: calendarDate, reason: reason.optional() })
  .strict()
  .refine((leave) => leave.to >= leave.from, { message: 'to must not be before from', path: ['to'] })
  .refine((leave) => leaveDaysOf(leave.from, leave.to) <= maxLeaveDays, {
    message: `to: a leave covers at most ${maxLeaveDays} days`,
    path: ['to'],
  });
export type LeaveBody = z.input<typeof leaveBody>;

/** PATCH /leaves/{id} (admin): approve or decline, with a reason the member sees. */
export const leavePatchBody = z
  .object({
    status: z.enum(['approved', 'declined'], 'status must be approved or declined'),
    reason: reason.optional(),
  })
  .strict();
export type LeavePatchBody = z.input<typeof leavePatchBody>;

/** GET /leaves: a member's own; an admin's every member's, by status and month (`YYYY-MM`). */
export const leavesQuery = z.object({
  status: z.enum(leaveStatuses, 'status must be pending, approved, declined or cancelled').optional(),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
    .optional(),
  ...pageQuery,
});
export type LeavesQuery = z.input<typeof leavesQuery>;

/** PUT /standing-reservations: a member's week, each weekday and slot once. */
export const standingReservationsBody = z
  .object({
    pattern: z
      .array(
        z
          .object({
            weekday: whole('pattern.weekday', 1, 7),
            slot: z.enum(mealSlots, 'pattern.slot must be breakfast, lunch or dinner'),
          })
          .strict(),
      )
      .max(21, 'pattern lists at most 21 slots')
      .refine(
        (pattern) => new Set(pattern.map((each) => `${each.weekday} ${each.slot}`)).size === pattern.length,
        'pattern must not repeat a weekday and slot',
      ),
  })
  .strict();
export type StandingReservationsBody = z.input<typeof standingReservationsBody>;
