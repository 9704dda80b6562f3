// Dining halls (issue 52, ADR 72): a hostel may run several, each serving some meal times
// and closing on its own days as well as the hostel's. A hostel with one hall sees none of it.
import type { MealSlot } from './menu.js';

export type Hall = {
  _id: string;
  name: string;
  /** The meal times it serves (a serving in another is refused). */
  slots: MealSlot[];
  /** Its own closed days, `YYYY-MM-DD`, beside the hostel's. */
  closedDays: string[];
  /** How many members may choose it for a month (null: no limit). */
  memberLimit: number | null;
};

/**
 * GET /halls: every hall, by name, and the last day of a month on which members choose the next
 * month's hall (null: they do not choose; an admin sets each resident's hall).
 */
export type Halls = { halls: Hall[]; chooseUntilDay?: number | null };

/**
 * GET /hall-settings: how often a member may reserve at a hall not their own, each month (0:
 * never), and until which day of a month members choose next month's hall (null: never).
 */
export type HallSettings = { switchesPerMonth: number; chooseUntilDay: number | null };
export const defaultHallSettings: HallSettings = { switchesPerMonth: 4, chooseUntilDay: null };

/** PUT /user/next-hall: the hall a member eats at from `month` (`YYYY-MM`) on. */
export type NextHall = { hallId: string; month: string };

/** The hall a resident eats at in `month`: their choice from its month on, else their home hall. */
export const homeHallIn = (
  profile: { homeHallId?: string | null | undefined; nextHall?: NextHall | null | undefined },
  month: string,
): string | null =>
  profile.nextHall && profile.nextHall.month <= month ? profile.nextHall.hallId : (profile.homeHallId ?? null);

/** The last day of a month members may choose: every month has it. */
export const latestChooseUntilDay = 28;
export const maxHallMemberLimit = 100_000;

/** The first hall, which every serving from before halls belongs to (scripts/migrate-halls.mjs). */
export const firstHallId = 'main';

export const hallNameMaxLength = 60;
/** The most halls a hostel may have: GET /halls reads them all. */
export const maxHalls = 20;
/** The most closed days a hall lists at once (a year of them). */
export const maxHallClosedDays = 366;
