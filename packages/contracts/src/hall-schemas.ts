// The halls' request schemas (docs/api.md "Halls"): what the API accepts for a hall and the
// hall settings. The values they check are in halls.ts, which the site uses without zod.
import { documentId } from './ids.js';
import { hallNameMaxLength, latestChooseUntilDay, maxHallClosedDays, maxHallMemberLimit, maxHalls } from './halls.js';
import { calendarDate } from './menu-schemas.js';
import { mealSlots } from './menu.js';
import { z } from './zod.js';

const hallName = z
  .string('name must be text')
  .trim()
  .min(1, 'name must not be empty')
  .max(hallNameMaxLength, `name must be at most ${hallNameMaxLength} characters`);

const hallSlots = z
  .array(z.enum(mealSlots, 'slots must be breakfast, lunch or dinner'))
  .min(1, 'slots must name at least one meal time')
  .max(mealSlots.length)
  .refine((slots) => new Set(slots).size === slots.length, 'slots must not repeat a meal time');

const hallClosedDays = z
  .array(calendarDate)
  .max(maxHallClosedDays, `closedDays must list at most ${maxHallClosedDays} days`);

const memberLimit = z
  .number('memberLimit must be a number or null')
  .int('memberLimit must be a whole number')
  .min(1, `memberLimit must be 1 to ${maxHallMemberLimit}, or null for no limit`)
  .max(maxHallMemberLimit, `memberLimit must be 1 to ${maxHallMemberLimit}, or null for no limit`)
  .nullable();

/** POST /halls (admin): a hall serves every meal time unless `slots` says otherwise. */
export const hallBody = z
  .object({
    name: hallName,
    slots: hallSlots.optional(),
    closedDays: hallClosedDays.optional(),
    memberLimit: memberLimit.optional(),
  })
  .strict();
export type HallBody = z.infer<typeof hallBody>;

/** PATCH /halls/{id} (admin): only the fields sent change. */
export const hallPatchBody = z
  .object({
    name: hallName.optional(),
    slots: hallSlots.optional(),
    closedDays: hallClosedDays.optional(),
    memberLimit: memberLimit.optional(),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Send at least one field to change');
export type HallPatchBody = z.infer<typeof hallPatchBody>;

/** PUT /users/{uid}/home-hall (admin): the hall a resident eats at; PUT /user/next-hall (a member). */
export const homeHallBody = z.object({ hallId: documentId }).strict();

/** PUT /users/{uid}/halls (admin): the halls a member of kitchen staff works at; none: every hall. */
export const staffHallsBody = z
  .object({
    hallIds: z
      .array(documentId)
      .max(maxHalls, `hallIds must list at most ${maxHalls} halls`)
      .refine((ids) => new Set(ids).size === ids.length, 'hallIds must not repeat a hall'),
  })
  .strict();

/** PUT /hall-settings (admin). */
export const hallSettingsBody = z
  .object({
    switchesPerMonth: z
      .number('switchesPerMonth must be a number')
      .int('switchesPerMonth must be a whole number')
      .min(0, 'switchesPerMonth must be 0 to 62')
      .max(62, 'switchesPerMonth must be 0 to 62'),
    /** Absent: null, members do not choose. */
    chooseUntilDay: z
      .number('chooseUntilDay must be a number or null')
      .int('chooseUntilDay must be a whole number')
      .min(1, `chooseUntilDay must be 1 to ${latestChooseUntilDay}, or null`)
      .max(latestChooseUntilDay, `chooseUntilDay must be 1 to ${latestChooseUntilDay}, or null`)
      .nullable()
      .optional(),
  })
  .strict();
export type HallSettingsBody = z.infer<typeof hallSettingsBody>;
