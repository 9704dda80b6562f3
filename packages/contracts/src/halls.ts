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
};

/** GET /halls: every hall, by name. */
export type Halls = { halls: Hall[] };

/** GET /hall-settings: how often a member may reserve at a hall not their own, each month (0: never). */
export type HallSettings = { switchesPerMonth: number };
export const defaultHallSettings: HallSettings = { switchesPerMonth: 4 };

/** The first hall, which every serving from before halls belongs to (scripts/migrate-halls.mjs). */
export const firstHallId = 'main';

export const hallNameMaxLength = 60;
/** The most halls a hostel may have: GET /halls reads them all. */
export const maxHalls = 20;
/** The most closed days a hall lists at once (a year of them). */
export const maxHallClosedDays = 366;
