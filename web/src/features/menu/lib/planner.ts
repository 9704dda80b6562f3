// What the planner's page, day column and dialogs share: the open dialog, a slot's name, and
// capacity as typed.
import { mealSlotLabels, z, type MealSlot, type Serving } from '@hostelhub/contracts';
import { formatDayShort } from '@/lib/serving-format';

/** The dialog the planner has open, if any. */
export type Editing =
  | { kind: 'add'; date: string; slot: MealSlot }
  | { kind: 'edit'; serving: Serving }
  | { kind: 'close'; date: string }
  | null;

/** "Lunch on Tue 25 Nov". */
export const slotOn = (slot: MealSlot, date: string) => `${mealSlotLabels[slot]} on ${formatDayShort(date)}`;

/** Capacity as typed: blank is no limit. */
export const capacityText = z.string().trim().regex(/^\d*$/, 'A whole number, or blank for no limit');
export const toCapacity = (text: string) => (text.trim() === '' ? null : Number(text));
