// The admin's planning of the menu: servings added, changed and removed. Each change is one
// transaction that reads what it checks. Closed days: closed-days.ts; a week copied: copy-week.ts.
import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import {
  addDays,
  daysBetween,
  instantOfHostelTime,
  mealSlotLabels,
  slotDefaults,
  type MealSlot,
  type ServingBody,
  type ServingPatchBody,
} from '@hostelhub/contracts';
import type { AdminActor } from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { readEach, typed, type ClosedDayDocument, type MealDocument } from '../../lib/converters/index.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { hallForServing, hallIdOf } from '../../lib/halls.js';
import {
  closedDayRef,
  dayLabel,
  hostelWallClock,
  reservationsHeldMessage,
  servingKey,
  servingLabel,
  servingRef,
} from '../../lib/servings.js';
import {
  placeSpace,
  placesForCapacity,
  placesOfServing,
  writeCapacityRecord,
  writePlacesForCapacity,
} from '../../lib/serving-places.js';
import { runContendedTransaction } from '../../lib/transactions.js';
import { isoTime } from '../../lib/timestamps.js';
import { servingOfMealInSlot } from './queries.js';
import { mealRef } from '../../lib/serving-view.js';
import { changedFields, fieldsOf, recordAction } from '../../lib/admin-actions.js';

/** The meal's fields a serving keeps, so a serving still names its meal if the meal is deleted. */
export function mealFieldsOf(meal: MealDocument) {
  return {
    mealTitle: meal.title ?? '',
    mealImage: meal.image ?? '',
    mealPrice: meal.price ?? 0,
    mealCategory: meal.category ?? '',
  };
}

/**
 * A serving's instants from its date, slot and wall-clock times in the hostel's zone. The
 * cutoff is the one given, or the slot's default (`slotDefaults`). A window that ends before
 * it starts, or a cutoff after the serving ends, is refused.
 */
export function servingTimes(
  date: string,
  slot: MealSlot,
  times: { startTime?: string; endTime?: string; cutoff?: Date },
) {
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
export function shiftedCutoff(cutoff: unknown, days: number): Date {
  const { date, time } = hostelWallClock(new Date(isoTime(cutoff) ?? 0));
  return instantOfHostelTime(addDays(date, days), time, hostelTimeZone());
}

/** 409 when the kitchen is closed that day: a closed day takes no servings. */
function refuseClosedDay(closed: DocumentSnapshot<ClosedDayDocument> | undefined, date: string) {
  if (closed?.exists) throw conflict(`The kitchen is closed on ${dayLabel(date)}: open the day again first`);
}

/** 409 when the meal is already in that slot that day at that hall (another hall may serve it too). */
async function refuseSecondServing(
  transaction: Transaction,
  mealId: string,
  date: string,
  slot: MealSlot,
  hallId: string,
  self = '',
) {
  const existing = await transaction.get(servingOfMealInSlot(mealId, date, slot));
  if (existing.docs.some((doc) => doc.id !== self && hallIdOf(doc.data()) === hallId)) {
    throw conflict(`This meal is already on the menu for ${mealSlotLabels[slot]} on ${dayLabel(date)}`);
  }
}

/** What the log keeps of a serving (ADR 78). */
const servingFields = [
  'mealId',
  'mealTitle',
  'hallId',
  'date',
  'slot',
  'startsAt',
  'endsAt',
  'cutoffAt',
  'capacity',
] as const;
const servingTarget = (
  id: string,
  stored: { date?: string; slot?: string; mealTitle?: string | null | undefined },
) => ({
  type: 'serving',
  id,
  label: `${stored.date ?? ''} ${stored.slot ?? ''}: ${stored.mealTitle ?? ''}`,
});

/** POST /servings: one transaction reads the meal and the day, and creates the serving. */
export async function addServing(body: ServingBody, actor: AdminActor): Promise<{ insertedId: string }> {
  const times = servingTimes(body.date, body.slot, {
    startTime: body.startTime,
    endTime: body.endTime,
    cutoff: body.cutoffAt ? new Date(body.cutoffAt) : undefined,
  });
  const ref = typed.servings().doc();
  await db.runTransaction(async (transaction) => {
    const [meal, closed] = await readEach(transaction, mealRef(body.mealId), closedDayRef(body.date));
    const mealData = meal.data();
    if (!mealData) throw notFound('Meal not found');
    refuseClosedDay(closed, body.date);
    const hallId = await hallForServing(transaction, body.hallId, body.slot, body.date);
    await refuseSecondServing(transaction, body.mealId, body.date, body.slot, hallId);
    const created = {
      mealId: body.mealId,
      hallId,
      ...mealFieldsOf(mealData),
      date: body.date,
      slot: body.slot,
      ...times,
      capacity: body.capacity ?? null,
    };
    transaction.create(ref, {
      ...created,
      reserved: 0,
      served: 0,
      version: 1,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    recordAction(transaction, actor, {
      kind: 'serving.added',
      target: servingTarget(ref.id, created),
      before: null,
      after: fieldsOf(created, servingFields),
    });
  });
  return { insertedId: ref.id };
}

/**
 * PATCH /servings/{id}: only the fields sent change, in one transaction (two admins changing
 * different fields both keep theirs; `ifVersion` makes it conditional). Date, slot and meal
 * are what residents booked, so they do not change while the serving has reservations.
 */
export async function updateServing(
  id: string,
  patch: ServingPatchBody,
  actor: AdminActor,
): Promise<{ modifiedCount: number }> {
  // Queued behind this instance's reservations of the serving, and run again when a place it
  // closes was claimed at the same moment (ADR 0060).
  await runContendedTransaction(
    async (transaction) => {
      // The places are read outside the transaction: a query in it would lock the whole range
      // every claim writes into, and a rush would starve both. A stale view is safe: the free
      // places it leaves are the size less the closed and `reserved` (read here, fresh), and a
      // place claimed meanwhile fails this commit's create, which then runs again (ADR 0060).
      const [serving, places] = await Promise.all([
        transaction.get(servingRef(id)),
        patch.capacity !== undefined ? placesOfServing(id).get() : undefined,
      ]);
      const data = serving.data();
      if (!data) throw notFound('Serving not found');
      const version = data.version ?? 1;
      if (patch.ifVersion !== undefined && patch.ifVersion !== version) {
        throw conflict('This serving was changed by someone else meanwhile: reload it and try again');
      }
      const reserved = data.reserved ?? 0;
      const mealId = patch.mealId ?? data.mealId;
      const date = patch.date ?? data.date;
      const slot = patch.slot ?? data.slot;
      const moved = mealId !== data.mealId || date !== data.date || slot !== data.slot;
      if (moved && reserved > 0) {
        throw conflict(`${reservationsHeldMessage([serving])}: its meal, date and slot cannot change`);
      }
      // A capacity closes or opens places, so that the reservations claiming them at this moment
      // can never hold more than it (ADR 0060). Fewer than the reservations held is refused.
      const placeChange =
        typeof patch.capacity === 'number' && places
          ? placesForCapacity(
              placeSpace(
                data.capacity,
                reserved,
                places.docs.map((place) => place.data()),
              ),
              patch.capacity,
            )
          : undefined;
      if (typeof patch.capacity === 'number' && (patch.capacity < reserved || placeChange === null)) {
        throw conflict(`capacity: ${servingLabel(serving)} already has ${reserved} reservations`);
      }
      // Only what moves is read again: a capacity change in a rush then commits after one
      // round trip, where each further read would widen its window for contention.
      const mealChanged = mealId !== data.mealId;
      const dateChanged = date !== data.date;
      const [meal, closed] = await Promise.all([
        mealChanged ? transaction.get(mealRef(mealId)) : undefined,
        dateChanged ? transaction.get(closedDayRef(date)) : undefined,
      ]);
      const mealData = meal?.data();
      if (mealChanged && !mealData) throw notFound('Meal not found');
      if (dateChanged) refuseClosedDay(closed, date);
      if (moved) await refuseSecondServing(transaction, mealId, date, slot, hallIdOf(data), id);
      const slotChanged = slot !== data.slot;
      const cutoff = patch.cutoffAt
        ? new Date(patch.cutoffAt)
        : slotChanged
          ? undefined // the new slot's default cutoff
          : shiftedCutoff(data.cutoffAt, daysBetween(data.date, date));
      const times = servingTimes(date, slot, {
        startTime: patch.startTime ?? (slotChanged ? undefined : data.startTime),
        endTime: patch.endTime ?? (slotChanged ? undefined : data.endTime),
        cutoff,
      });
      const changes = {
        mealId,
        ...(mealChanged && mealData ? mealFieldsOf(mealData) : {}),
        date,
        slot,
        ...times,
        ...(patch.capacity !== undefined ? { capacity: patch.capacity } : {}),
      };
      transaction.update(serving.ref, { ...changes, version: version + 1, updatedAt: FieldValue.serverTimestamp() });
      const after = { ...data, ...changes };
      recordAction(transaction, actor, {
        kind: 'serving.changed',
        target: servingTarget(id, after),
        ...changedFields(data, after, servingFields),
      });
      if (placeChange) writePlacesForCapacity(transaction, id, placeChange);
      if (patch.capacity !== undefined) writeCapacityRecord(transaction, id, patch.capacity);
    },
    { key: servingKey(id), claims: true },
  );
  return { modifiedCount: 1 };
}

/** DELETE /servings/{id}: refused while members hold reservations for it (ADR 0029). */
export async function deleteServing(id: string, actor: AdminActor): Promise<{ deletedCount: number }> {
  await db.runTransaction(async (transaction) => {
    const [serving, places] = await Promise.all([
      transaction.get(servingRef(id)),
      transaction.get(placesOfServing(id)),
    ]);
    const data = serving.data();
    if (!data) throw notFound('Serving not found');
    if ((data.reserved ?? 0) > 0) {
      throw conflict(`${reservationsHeldMessage([serving])}: cancel them before removing it`);
    }
    transaction.delete(serving.ref);
    recordAction(transaction, actor, {
      kind: 'serving.deleted',
      target: servingTarget(id, data),
      before: fieldsOf(data, servingFields),
      after: null,
    });
    // The places a lowered capacity closed go with it (none is held without a reservation).
    for (const place of places.docs) transaction.delete(place.ref);
  });
  return { deletedCount: 1 };
}
