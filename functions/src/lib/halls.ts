// What the menu, reservations and the kitchen share about halls (ADR 72): a serving's hall,
// the list of halls (a handful: read whole), and the checks a serving must pass at its hall.
import type { Transaction } from 'firebase-admin/firestore';
import {
  defaultHallSettings,
  firstHallId,
  homeHallIn,
  hostelDate,
  mealSlotLabels,
  maxHalls,
  type Hall,
  type MealSlot,
} from '@hostelhub/contracts';
import { hostelTimeZone } from '../config.js';
import { currentTime } from './clock.js';
import { typed, type HallDocument, type ServingDocument } from './converters/index.js';
import { badRequest, conflict, forbidden, notFound } from './errors.js';

export const hallRef = (id: string) => typed.halls().doc(id);
export const hallSettingsRef = () => typed.settings().doc('halls');

/** A member's reservations at another hall in `month` (`YYYY-MM`): the lock their limit is kept on. */
export const hallSwitchRef = (uid: string, month: string) => typed.hallSwitches().doc(`${uid}_${month}`);

/** The hostel's monthly limit on reserving at another hall, from `settings/halls` as read. */
export const switchesPerMonthOf = (settings: { switchesPerMonth?: number | undefined } | undefined) =>
  settings?.switchesPerMonth ?? defaultHallSettings.switchesPerMonth;

/** How many members chose hall `hallId` for `month` (`YYYY-MM`): kept against its member limit. */
export const hallChoiceRef = (hallId: string, month: string) => typed.hallChoices().doc(`${hallId}_${month}`);

/** The day of a month until which members choose next month's hall, from `settings/halls` as read. */
export const chooseUntilDayOf = (settings: { chooseUntilDay?: number | null | undefined } | undefined) =>
  settings?.chooseUntilDay ?? defaultHallSettings.chooseUntilDay;

/** The hostel's month now, `YYYY-MM`: the one a member's hall choice is judged in. */
export const hostelMonthNow = () => hostelDate(currentTime(), hostelTimeZone()).slice(0, 7);

/** The hall a member's payments count at in `month` (`YYYY-MM`): their home hall then, else the first. */
export const payerHallIn = (profile: Parameters<typeof homeHallIn>[0] | undefined, month: string) =>
  (profile && homeHallIn(profile, month)) ?? firstHallId;

/** A serving's hall: servings planned before halls are the first hall's. */
export const hallIdOf = (serving: Pick<ServingDocument, 'hallId'>) => serving.hallId ?? firstHallId;

export const toHall = (id: string, data: HallDocument): Hall => ({
  _id: id,
  name: data.name,
  slots: data.slots,
  closedDays: data.closedDays,
  memberLimit: data.memberLimit ?? null,
});

/**
 * The halls' names by id when the hostel has several, for the emails that name a serving's
 * hall (ADR 72); empty with one hall, which is never named. One read then; every hall with more.
 */
export async function hallNamesIfSeveral(): Promise<Map<string, string>> {
  if ((await typed.halls().limit(2).get()).size < 2) return new Map();
  return new Map((await readHalls()).map((hall) => [hall._id, hall.name]));
}

/** Every hall (at most `maxHalls`), in a transaction when given. */
export async function readHalls(transaction?: Transaction): Promise<Hall[]> {
  const query = typed.halls().limit(maxHalls);
  const found = transaction ? await transaction.get(query) : await query.get();
  return found.docs.map((doc) => toHall(doc.id, doc.data())).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The hall a new serving belongs to: the one named, or the only one. A hostel with several
 * halls names it (400 otherwise); before the first hall exists (its migration has not run),
 * servings are the first hall's. The hall must serve the slot and be open that day.
 */
export async function hallForServing(
  transaction: Transaction,
  hallId: string | undefined,
  slot: MealSlot,
  date: string,
): Promise<string> {
  const halls = await readHalls(transaction);
  const hall = hallId === undefined ? (halls.length <= 1 ? halls[0] : undefined) : halls.find((h) => h._id === hallId);
  if (hallId === undefined && halls.length > 1) throw badRequest('hallId: name the hall (this hostel has several)');
  if (hallId !== undefined && !hall) throw notFound('hallId: no such hall');
  if (!hall) return firstHallId;
  if (!hall.slots.includes(slot)) throw badRequest(`slot: ${hall.name} does not serve ${mealSlotLabels[slot]}`);
  if (hall.closedDays.includes(date)) throw conflict(`${hall.name} is closed on ${date}`);
  return hall._id;
}

/**
 * The servings of one hall (`hallId`; every hall's when absent, or those of the halls a member
 * of staff `worksAt`) and the closed note of a day as that hall sees it: the hostel's, or the
 * hall's own. 404 for a hall that does not exist, 403 for staff asking for another hall.
 */
export async function hallView(hallId: string | undefined, worksAt: string[] = []) {
  const hall = hallId === undefined ? undefined : (await readHalls()).find((each) => each._id === hallId);
  if (hallId !== undefined && !hall) throw notFound('hall: no such hall');
  if (hall && worksAt.length > 0 && !worksAt.includes(hall._id))
    throw forbidden(`hall: you do not work at ${hall.name}`);
  const shown = (id: string) => (hall ? id === hall._id : worksAt.length === 0 || worksAt.includes(id));
  return {
    /** The hall named, as read (undefined when none was). */
    hall,
    includes: (serving: Pick<ServingDocument, 'hallId'>) => shown(hallIdOf(serving)),
    closed: (date: string, hostel: { note: string } | null) =>
      hostel ?? (hall?.closedDays.includes(date) ? { note: `${hall.name} is closed` } : null),
  };
}
