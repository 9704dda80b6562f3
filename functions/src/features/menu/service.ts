import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import {
  storedMealLabels,
  addDays,
  csvLine,
  hostelDate,
  instantOfHostelTime,
  mealSlots,
  mealSlotLabels,
  mondayOf,
  portionsToPrepare,
  slotDefaults,
  type KitchenDay,
  type KitchenServing,
  type MealServings,
  type MealSlot,
  type Menu,
  type MenuQuery,
  type Serving,
  type ServingBody,
  type ServingPatchBody,
  type WeekCopied,
} from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { collections, db } from '../../lib/firestore.js';
import {
  closedDayRef,
  dayLabel,
  hostelWallClock,
  reservationsHeldMessage,
  servingLabel,
  servingRef,
  servingsOfMealFrom,
  slotOf,
} from '../../lib/servings.js';
import { isoTime } from '../../lib/timestamps.js';
import { servingOfMealInSlot, servingsBetween, servingsOn } from './queries.js';

const mealRef = (id: string) => db.collection(collections.meals).doc(id);
const today = () => hostelDate(new Date(), hostelTimeZone());

/** The meal's fields a serving keeps, so a serving still names its meal if the meal is deleted. */
function mealFieldsOf(meal: DocumentSnapshot) {
  return {
    mealTitle: String(meal.get('title') ?? ''),
    mealImage: String(meal.get('image') ?? ''),
    mealPrice: Number(meal.get('price') ?? 0),
    mealCategory: String(meal.get('category') ?? ''),
  };
}

/**
 * A serving's instants from its date, slot and wall-clock times in the hostel's zone. The
 * cutoff is the one given, or the slot's default (`slotDefaults`). A window that ends before
 * it starts, or a cutoff after the serving ends, is refused.
 */
function servingTimes(date: string, slot: MealSlot, times: { startTime?: string; endTime?: string; cutoff?: Date }) {
  const defaults = slotDefaults[slot];
  const startTime = times.startTime ?? defaults.startTime;
  const endTime = times.endTime ?? defaults.endTime;
  if (startTime >= endTime) throw badRequest(`endTime: must be after startTime (${startTime})`);
  const timeZone = hostelTimeZone();
  const startsAt = instantOfHostelTime(date, startTime, timeZone);
  const endsAt = instantOfHostelTime(date, endTime, timeZone);
  const cutoffAt =
    times.cutoff ?? instantOfHostelTime(addDays(date, -defaults.cutoffDaysBefore), defaults.cutoffTime, timeZone);
  if (cutoffAt.getTime() > endsAt.getTime()) throw badRequest('cutoffAt: must be before the serving ends');
  return {
    startTime,
    endTime,
    startsAt: Timestamp.fromDate(startsAt),
    endsAt: Timestamp.fromDate(endsAt),
    cutoffAt: Timestamp.fromDate(cutoffAt),
  };
}

/** The same wall-clock cutoff `days` later (so a copied or moved serving keeps "10:00 the same day"). */
function shiftedCutoff(cutoff: unknown, days: number): Date {
  const { date, time } = hostelWallClock(new Date(isoTime(cutoff) ?? 0));
  return instantOfHostelTime(addDays(date, days), time, hostelTimeZone());
}

/** The menu's serving: the meal's current fields when it still exists, the stored ones otherwise. */
function toServing(serving: DocumentSnapshot, meal: DocumentSnapshot | undefined): Serving {
  const data = serving.data() ?? {};
  const current = meal?.exists ? meal : null;
  return {
    _id: serving.id,
    date: String(data.date),
    slot: slotOf(serving),
    startsAt: isoTime(data.startsAt) ?? '',
    endsAt: isoTime(data.endsAt) ?? '',
    cutoffAt: isoTime(data.cutoffAt) ?? '',
    capacity: typeof data.capacity === 'number' ? data.capacity : null,
    reserved: Number(data.reserved ?? 0),
    version: Number(data.version ?? 1),
    meal: {
      _id: String(data.mealId),
      title: String(current?.get('title') ?? data.mealTitle ?? ''),
      image: String(current?.get('image') ?? data.mealImage ?? ''),
      price: Number(current?.get('price') ?? data.mealPrice ?? 0),
      category: String(current?.get('category') ?? data.mealCategory ?? ''),
      rating: Number(current?.get('rating') ?? 0),
      // A deleted meal's labels are unknown: undeclared, never "free from".
      ...storedMealLabels(current?.data() ?? {}),
    },
  };
}

/** The meals of some servings in one round trip (one read per distinct meal, never per serving). */
async function mealsOf(servings: DocumentSnapshot[]): Promise<Map<string, DocumentSnapshot>> {
  const ids = [...new Set(servings.map((serving) => String(serving.get('mealId'))))];
  if (ids.length === 0) return new Map();
  const meals = await db.getAll(...ids.map(mealRef));
  return new Map(meals.map((meal) => [meal.id, meal]));
}

const slotOrder = (slot: MealSlot) => mealSlots.indexOf(slot);
const byServingOrder = (a: Serving, b: Serving) =>
  a.date.localeCompare(b.date) ||
  slotOrder(a.slot) - slotOrder(b.slot) ||
  a.startsAt.localeCompare(b.startsAt) ||
  a.meal.title.localeCompare(b.meal.title);

const closedNote = (closed: DocumentSnapshot | undefined) =>
  closed?.exists ? { note: String(closed.get('note') ?? '') } : null;

/**
 * GET /menu: the servings of `days` days from `from` (today in the hostel's zone), in three
 * round trips whatever the number of servings: the servings by date range, the days' closed
 * notes, and the distinct meals.
 */
export async function readMenu(query: MenuQuery): Promise<Menu> {
  const from = query.from ?? today();
  const dates = Array.from({ length: query.days }, (_, index) => addDays(from, index));
  const [servings, closedDays] = await Promise.all([
    servingsBetween(from, dates[dates.length - 1]!).get(),
    db.getAll(...dates.map(closedDayRef)),
  ]);
  const meals = await mealsOf(servings.docs);
  const all = servings.docs.map((doc) => toServing(doc, meals.get(String(doc.get('mealId'))))).sort(byServingOrder);
  return {
    timeZone: hostelTimeZone(),
    days: dates.map((date, index) => ({
      date,
      closed: closedNote(closedDays[index]),
      servings: all.filter((serving) => serving.date === date),
    })),
  };
}

/** How many days ahead a meal's next servings are listed (the menu's longest view). */
const nextServingsDays = 14;

/** GET /meal/{id}/servings: the meal's servings from today for two weeks. */
export async function mealServings(mealId: string): Promise<MealServings> {
  const from = today();
  const [meal, servings] = await Promise.all([
    mealRef(mealId).get(),
    servingsOfMealFrom(mealId, from)
      .where('date', '<=', addDays(from, nextServingsDays - 1))
      .get(),
  ]);
  if (!meal.exists) throw notFound('Meal not found');
  return { items: servings.docs.map((doc) => toServing(doc, meal)).sort(byServingOrder) };
}

/** 409 when the kitchen is closed that day: a closed day takes no servings. */
function refuseClosedDay(closed: DocumentSnapshot | undefined, date: string) {
  if (closed?.exists) throw conflict(`The kitchen is closed on ${dayLabel(date)}: open the day again first`);
}

/** 409 when the meal is already in that slot that day. */
async function refuseSecondServing(transaction: Transaction, mealId: string, date: string, slot: MealSlot, self = '') {
  const existing = await transaction.get(servingOfMealInSlot(mealId, date, slot));
  if (existing.docs.some((doc) => doc.id !== self)) {
    throw conflict(`This meal is already on the menu for ${mealSlotLabels[slot]} on ${dayLabel(date)}`);
  }
}

/** POST /servings: one transaction reads the meal and the day, and creates the serving. */
export async function addServing(body: ServingBody): Promise<{ insertedId: string }> {
  const times = servingTimes(body.date, body.slot, {
    startTime: body.startTime,
    endTime: body.endTime,
    cutoff: body.cutoffAt ? new Date(body.cutoffAt) : undefined,
  });
  const ref = db.collection(collections.servings).doc();
  await db.runTransaction(async (transaction) => {
    const [meal, closed] = await transaction.getAll(mealRef(body.mealId), closedDayRef(body.date));
    if (!meal?.exists) throw notFound('Meal not found');
    refuseClosedDay(closed, body.date);
    await refuseSecondServing(transaction, body.mealId, body.date, body.slot);
    transaction.create(ref, {
      mealId: body.mealId,
      ...mealFieldsOf(meal),
      date: body.date,
      slot: body.slot,
      ...times,
      capacity: body.capacity ?? null,
      reserved: 0,
      served: 0,
      version: 1,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
  });
  return { insertedId: ref.id };
}

/**
 * PATCH /servings/{id}: only the fields sent change, in one transaction (two admins changing
 * different fields both keep theirs; `ifVersion` makes it conditional). Date, slot and meal
 * are what residents booked, so they do not change while the serving has reservations.
 */
export async function updateServing(id: string, patch: ServingPatchBody): Promise<{ modifiedCount: number }> {
  await db.runTransaction(async (transaction) => {
    const serving = await transaction.get(servingRef(id));
    if (!serving.exists) throw notFound('Serving not found');
    const data = serving.data() ?? {};
    const version = Number(data.version ?? 1);
    if (patch.ifVersion !== undefined && patch.ifVersion !== version) {
      throw conflict('This serving was changed by someone else meanwhile: reload it and try again');
    }
    const reserved = Number(data.reserved ?? 0);
    const mealId = patch.mealId ?? String(data.mealId);
    const date = patch.date ?? String(data.date);
    const slot = patch.slot ?? slotOf(serving);
    const moved = mealId !== data.mealId || date !== data.date || slot !== data.slot;
    if (moved && reserved > 0) {
      throw conflict(`${reservationsHeldMessage([serving])}: its meal, date and slot cannot change`);
    }
    if (patch.capacity !== undefined && patch.capacity !== null && patch.capacity < reserved) {
      throw conflict(`capacity: ${servingLabel(serving)} already has ${reserved} reservations`);
    }
    const [meal, closed] = await transaction.getAll(mealRef(mealId), closedDayRef(date));
    if (mealId !== data.mealId && !meal?.exists) throw notFound('Meal not found');
    if (date !== data.date) refuseClosedDay(closed, date);
    if (moved) await refuseSecondServing(transaction, mealId, date, slot, id);
    const slotChanged = slot !== data.slot;
    const cutoff = patch.cutoffAt
      ? new Date(patch.cutoffAt)
      : slotChanged
        ? undefined // the new slot's default cutoff
        : shiftedCutoff(data.cutoffAt, daysBetween(String(data.date), date));
    const times = servingTimes(date, slot, {
      startTime: patch.startTime ?? (slotChanged ? undefined : data.startTime),
      endTime: patch.endTime ?? (slotChanged ? undefined : data.endTime),
      cutoff,
    });
    transaction.update(serving.ref, {
      mealId,
      ...(mealId !== data.mealId && meal ? mealFieldsOf(meal) : {}),
      date,
      slot,
      ...times,
      ...(patch.capacity !== undefined ? { capacity: patch.capacity } : {}),
      version: version + 1,
      updatedAt: FieldValue.serverTimestamp(),
    });
  });
  return { modifiedCount: 1 };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** DELETE /servings/{id}: refused while members hold reservations for it (ADR 0029). */
export async function deleteServing(id: string): Promise<{ deletedCount: number }> {
  await db.runTransaction(async (transaction) => {
    const serving = await transaction.get(servingRef(id));
    if (!serving.exists) throw notFound('Serving not found');
    if (Number(serving.get('reserved') ?? 0) > 0) {
      throw conflict(`${reservationsHeldMessage([serving])}: cancel them before removing it`);
    }
    transaction.delete(serving.ref);
  });
  return { deletedCount: 1 };
}

/**
 * PUT /closed-days/{date}: the kitchen is closed that day. Refused while a serving that day
 * has reservations (residents booked it); the day's other servings stay planned, and no
 * reservation is taken on a closed day.
 */
export async function closeDay(date: string, note: string, adminUid: string): Promise<{ modifiedCount: number }> {
  await db.runTransaction(async (transaction) => {
    const servings = await transaction.get(servingsOn(date));
    const booked = servings.docs.filter((doc) => Number(doc.get('reserved') ?? 0) > 0);
    if (booked.length > 0) throw conflict(`${reservationsHeldMessage(booked)}: the day cannot be closed`);
    transaction.set(closedDayRef(date), { note, closedBy: adminUid, closedAt: FieldValue.serverTimestamp() });
  });
  return { modifiedCount: 1 };
}

/** DELETE /closed-days/{date}: the day is open again. */
export async function reopenDay(date: string): Promise<{ deletedCount: number }> {
  const ref = closedDayRef(date);
  const closed = await ref.get();
  if (!closed.exists) throw notFound(`${dayLabel(date)} is not closed`);
  await ref.delete();
  return { deletedCount: 1 };
}

/**
 * POST /menu/copy-week: the servings of the week of `fromWeek` planned in the week of
 * `toWeek`, with the same wall-clock windows and cutoffs and capacities, fresh counts. A
 * serving whose meal is already in that slot that day, or that falls on a closed day, or
 * whose meal is gone, is skipped. One transaction: a failure copies nothing.
 */
export async function copyWeek(fromWeek: string, toWeek: string): Promise<WeekCopied> {
  const source = mondayOf(fromWeek);
  const target = mondayOf(toWeek);
  if (source === target) throw badRequest('toWeek: must be another week than fromWeek');
  const shift = daysBetween(source, target);
  const targetDates = Array.from({ length: 7 }, (_, index) => addDays(target, index));
  return db.runTransaction(async (transaction) => {
    const [sourceServings, targetServings, closedDays] = await Promise.all([
      transaction.get(servingsBetween(source, addDays(source, 6))),
      transaction.get(servingsBetween(target, addDays(target, 6))),
      transaction.getAll(...targetDates.map(closedDayRef)),
    ]);
    const meals = sourceServings.empty
      ? []
      : await transaction.getAll(
          ...[...new Set(sourceServings.docs.map((doc) => String(doc.get('mealId'))))].map(mealRef),
        );
    const mealById = new Map(meals.map((meal) => [meal.id, meal]));
    const closed = new Set(targetDates.filter((_, index) => closedDays[index]?.exists));
    const taken = new Set(
      targetServings.docs.map((doc) => `${doc.get('mealId')}|${doc.get('date')}|${doc.get('slot')}`),
    );
    let inserted = 0;
    let skipped = 0;
    for (const serving of sourceServings.docs) {
      const data = serving.data();
      const date = addDays(String(data.date), shift);
      const key = `${data.mealId}|${date}|${data.slot}`;
      const meal = mealById.get(String(data.mealId));
      if (closed.has(date) || taken.has(key) || !meal?.exists) {
        skipped++;
        continue;
      }
      taken.add(key);
      const times = servingTimes(date, slotOf(serving), {
        startTime: data.startTime,
        endTime: data.endTime,
        cutoff: shiftedCutoff(data.cutoffAt, shift),
      });
      transaction.create(db.collection(collections.servings).doc(), {
        mealId: data.mealId,
        ...mealFieldsOf(meal),
        date,
        slot: data.slot,
        ...times,
        capacity: typeof data.capacity === 'number' ? data.capacity : null,
        reserved: 0,
        served: 0,
        version: 1,
        createdAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });
      inserted++;
    }
    return { inserted, skipped };
  });
}

/** GET /kitchen: a day's servings as the kitchen counts them. */
export async function kitchenDay(date: string | undefined): Promise<KitchenDay> {
  const day = date ?? today();
  const [servings, closed] = await Promise.all([servingsOn(day).get(), closedDayRef(day).get()]);
  const meals = await mealsOf(servings.docs);
  const rows = servings.docs
    .map((doc) => ({ doc, serving: toServing(doc, meals.get(String(doc.get('mealId')))) }))
    .sort((a, b) => byServingOrder(a.serving, b.serving));
  return {
    date: day,
    timeZone: hostelTimeZone(),
    closed: closedNote(closed),
    servings: rows.map(({ doc, serving }): KitchenServing => ({
      _id: serving._id,
      slot: serving.slot,
      startsAt: serving.startsAt,
      endsAt: serving.endsAt,
      cutoffAt: serving.cutoffAt,
      meal: { _id: serving.meal._id, title: serving.meal.title },
      reserved: serving.reserved,
      served: Number(doc.get('served') ?? 0),
      capacity: serving.capacity,
    })),
  };
}

/** The production sheet of a day as CSV: per serving, the portions to prepare. */
export function productionSheetCsv(day: KitchenDay, marginPercent: number): string {
  const header = [
    'Date',
    'Slot',
    'Window',
    'Meal',
    'Capacity',
    'Reserved',
    'Served',
    'Margin %',
    'Portions to prepare',
  ];
  const rows = day.servings.map((serving) => [
    day.date,
    mealSlotLabels[serving.slot],
    `${hostelWallClock(new Date(serving.startsAt)).time}-${hostelWallClock(new Date(serving.endsAt)).time}`,
    serving.meal.title,
    serving.capacity ?? '',
    serving.reserved,
    serving.served,
    marginPercent,
    portionsToPrepare(serving.reserved, marginPercent),
  ]);
  // The contracts' one CSV writer: every cell quoted, formulas neutralised.
  return [header, ...rows].map(csvLine).join('');
}
