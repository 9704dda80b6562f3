// The weekly menu: servings (a meal offered on a date in a slot), closed days, reservations
// and the kitchen's day (docs/api.md "Menu"; ADR 0029). Dates are `YYYY-MM-DD` calendar days
// and times `HH:MM` wall-clock times, both in the hostel's time zone (HOSTEL_TIME_ZONE);
// instants in answers are ISO 8601 strings.
import type { MealLabels } from './allergens.js';

export const mealSlots = ['breakfast', 'lunch', 'dinner'] as const;
export type MealSlot = (typeof mealSlots)[number];

export const mealSlotLabels: Record<MealSlot, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
};

/**
 * Each slot's serving window and reservation cutoff, unless an admin sets others on a
 * serving. The cutoff is a wall-clock time `cutoffDaysBefore` days before the serving's date
 * (0: the same day): the kitchen knows breakfast numbers the evening before, lunch by 10:00.
 */
export const slotDefaults: Record<
  MealSlot,
  { startTime: string; endTime: string; cutoffTime: string; cutoffDaysBefore: number }
> = {
  breakfast: { startTime: '07:30', endTime: '09:30', cutoffTime: '20:00', cutoffDaysBefore: 1 },
  lunch: { startTime: '12:00', endTime: '14:00', cutoffTime: '10:00', cutoffDaysBefore: 0 },
  dinner: { startTime: '18:30', endTime: '20:30', cutoffTime: '16:00', cutoffDaysBefore: 0 },
};

/** How many days GET /menu answers at most, and by default. */
export const menuMaxDays = 14;
export const menuDefaultDays = 7;

/** The meal of a serving, as the menu shows it. */
export type ServingMeal = {
  _id: string;
  title: string;
  image: string;
  price: number;
  category: string;
  rating: number;
} & MealLabels;

/** One serving: a meal on a date in a slot. */
export type Serving = {
  _id: string;
  /** The hall that serves it (ADR 72). */
  hallId: string;
  date: string;
  slot: MealSlot;
  startsAt: string;
  endsAt: string;
  /** Reservations close at this instant. */
  cutoffAt: string;
  /** null: no limit. */
  capacity: number | null;
  /** Places taken (active reservations). */
  reserved: number;
  /** Bumped on every change; PATCH may send it back as `ifVersion`. */
  version: number;
  meal: ServingMeal;
};

export type MenuDay = {
  date: string;
  closed: null | { note: string };
  servings: Serving[];
};

/** GET /menu */
export type Menu = { timeZone: string; days: MenuDay[] };

/** GET /meal/{id}/servings: the meal's next servings (today on, up to 14 days). */
export type MealServings = { items: Serving[] };

/** POST /menu/copy-week */
export type WeekCopied = { inserted: number; skipped: number };

/** A serving as the kitchen counts it. */
export type KitchenServing = {
  _id: string;
  hallId: string;
  slot: MealSlot;
  startsAt: string;
  endsAt: string;
  cutoffAt: string;
  meal: { _id: string; title: string };
  reserved: number;
  served: number;
  capacity: number | null;
  /**
   * Booked by default (ADR 74): the members whose hall it is, those of them on leave that day,
   * and those who skipped it. `members` is null where members reserve (the count is `reserved`).
   */
  members: number | null;
  onLeave: number;
  skipped: number;
  /** Who the kitchen cooks for: countedOf(this). */
  counted: number;
};

/**
 * The portions a serving is counted for: its reservations, and under default booking every
 * member of its hall less those on leave and those who skipped it (ADR 74).
 */
export const countedOf = (serving: Pick<KitchenServing, 'members' | 'onLeave' | 'skipped' | 'reserved'>) =>
  serving.members === null
    ? serving.reserved
    : Math.max(0, serving.members - serving.onLeave - serving.skipped) + serving.reserved;

/** GET /kitchen */
export type KitchenDay = {
  date: string;
  timeZone: string;
  closed: null | { note: string };
  servings: KitchenServing[];
};

/** The portions to prepare for `reserved` places with a margin in percent, rounded up. */
export function portionsToPrepare(reserved: number, marginPercent: number): number {
  return Math.ceil((reserved * (100 + marginPercent)) / 100);
}

/** The serving a reservation is for, as Requested Meals shows it ("For"). */
export type ReservationServing = Pick<Serving, '_id' | 'date' | 'slot' | 'startsAt' | 'endsAt' | 'cutoffAt'>;

/** "Lunch on Tue 25 Nov is fully booked" */
export function servingFullMessage(slot: MealSlot, dayLabel: string): string {
  return `${mealSlotLabels[slot]} on ${dayLabel} is fully booked`;
}
