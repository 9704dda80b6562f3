// The menu's request schemas (docs/api.md "Menu"): what the API accepts for servings, closed
// days, the week's copy and the kitchen's day. The values they check (slots, limits) are in
// menu.ts, which the site's public pages use without zod.
import { documentId } from './ids.js';
import { isCalendarDate } from './hostel-time.js';
import { menuDefaultDays, menuMaxDays, mealSlots } from './menu.js';
import { z } from './zod.js';

/** A real calendar date `YYYY-MM-DD` (2026-02-30 is refused, not rolled over). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine(isCalendarDate, 'is not a real date');

/** A wall-clock time `HH:MM`, 00:00 to 23:59. */
export const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:MM');

const mealSlot = z.enum(mealSlots, 'must be breakfast, lunch or dinner');

/** null or absent: no limit. */
const capacity = z.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000).nullable();

/** An instant with its offset, e.g. 2026-11-25T10:00:00Z or 2026-11-25T10:00:00+00:00. */
const instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });

const windowInOrder = (serving: { startTime?: string | undefined; endTime?: string | undefined }) =>
  serving.startTime === undefined || serving.endTime === undefined || serving.startTime < serving.endTime;
const windowMessage = { message: 'endTime must be after startTime', path: ['endTime'] };

/** GET /menu */
export const menuQuery = z.object({
  /** The first day; today in the hostel's time zone when absent. */
  from: calendarDate.optional(),
  /** One hall's servings (ADR 72); every hall's when absent. */
  hall: documentId.optional(),
  days: z.coerce
    .number()
    .int('days must be a whole number')
    .min(1, 'days must be 1 to 14')
    .max(menuMaxDays, 'days must be 1 to 14')
    .default(menuDefaultDays),
});
export type MenuQuery = z.infer<typeof menuQuery>;

/** GET /feeds/{hall}/menu.ics and /feeds/{hall}/openmensa.xml (ADR 77): the hall's id, as GET /halls lists it. */
export const feedParams = z.object({ hall: documentId });

/**
 * POST /servings (admin). Window and cutoff default to the slot's (`slotDefaults`); an admin
 * may set any cutoff, including one seconds away.
 */
export const servingBody = z
  .object({
    mealId: documentId,
    /** Its hall (ADR 72): required once the hostel has several; the only one otherwise. */
    hallId: documentId.optional(),
    date: calendarDate,
    slot: mealSlot,
    startTime: timeOfDay.optional(),
    endTime: timeOfDay.optional(),
    cutoffAt: instant.optional(),
    capacity: capacity.optional(),
  })
  .strict()
  .refine(windowInOrder, windowMessage);
export type ServingBody = z.infer<typeof servingBody>;

/**
 * PATCH /servings/{id} (admin): only the fields sent change, in one transaction, so two
 * admins changing different fields both keep theirs. `ifVersion`, when sent, makes the change
 * conditional: 409 if someone else changed the serving since that version was read.
 */
export const servingPatchBody = z
  .object({
    mealId: documentId.optional(),
    date: calendarDate.optional(),
    slot: mealSlot.optional(),
    startTime: timeOfDay.optional(),
    endTime: timeOfDay.optional(),
    cutoffAt: instant.optional(),
    capacity: capacity.optional(),
    ifVersion: z.number().int().min(1).optional(),
  })
  .strict()
  .refine(windowInOrder, windowMessage)
  .refine((patch) => Object.keys(patch).some((key) => key !== 'ifVersion'), 'Send at least one field to change');
export type ServingPatchBody = z.infer<typeof servingPatchBody>;

/** PUT /closed-days/{date} (admin): the kitchen is closed that day, with a note for residents. */
export const closedDayParams = z.object({ date: calendarDate });
export const closedDayBody = z
  .object({ note: z.string().trim().min(1, 'note is required').max(200, 'note is too long') })
  .strict();

/** POST /menu/copy-week (admin): the servings of the week starting `fromWeek` copied to `toWeek`. */
export const copyWeekBody = z
  .object({
    /** Any date of the source week (its Monday is used). */
    fromWeek: calendarDate,
    /** Any date of the target week (its Monday is used). */
    toWeek: calendarDate,
    /** Only this hall's servings (ADR 72); every hall's when absent. */
    fromHall: documentId.optional(),
    /** The hall they are planned at: their own when absent. Needs `fromHall`. */
    toHall: documentId.optional(),
  })
  .strict()
  .refine((body) => body.toHall === undefined || body.fromHall !== undefined, {
    path: ['fromHall'],
    message: 'name the hall to copy from',
  });
export type CopyWeekBody = z.infer<typeof copyWeekBody>;

/** GET /kitchen (admin) */
export const kitchenQuery = z.object({
  /** Today in the hostel's time zone when absent. */
  date: calendarDate.optional(),
  /** One hall's servings (ADR 72); every hall's when absent. */
  hall: documentId.optional(),
  /** `csv`: the production sheet as text/csv instead of JSON. */
  format: z.enum(['json', 'csv'], "format must be 'json' or 'csv'").default('json'),
  /** The margin added to reservations on the production sheet, in percent (default 10). */
  margin: z.coerce.number().int().min(0, 'margin must be 0 to 100').max(100, 'margin must be 0 to 100').default(10),
});
