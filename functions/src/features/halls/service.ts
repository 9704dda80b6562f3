// Dining halls (ADR 72): the public list, the admins' changes, and the hostel's hall settings.
import { FieldValue } from 'firebase-admin/firestore';
import {
  mealSlots,
  maxHalls,
  type HallBody,
  type HallPatchBody,
  type HallSettings,
  type HallSettingsBody,
  type Halls,
} from '@hostelhub/contracts';
import type { AdminActor } from '@hostelhub/contracts';
import { typed } from '../../lib/converters/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { chooseUntilDayOf, hallRef, hallSettingsRef, readHalls, switchesPerMonthOf } from '../../lib/halls.js';
import { changedFields, fieldsOf, recordAction } from '../../lib/admin-actions.js';

/** What the log keeps of a hall. */
const hallFields = ['name', 'slots', 'closedDays', 'memberLimit'] as const;

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' }) === 0;

/** GET /halls: with the day members choose next month's hall until, which the site shows them. */
export async function listHalls(): Promise<Halls> {
  const [halls, settings] = await Promise.all([readHalls(), hallSettingsRef().get()]);
  return { halls, chooseUntilDay: chooseUntilDayOf(settings.data()) };
}

/** POST /halls: a name no other hall has, up to `maxHalls` halls. */
export async function addHall(body: HallBody, actor: AdminActor): Promise<{ insertedId: string }> {
  const ref = typed.halls().doc();
  await db.runTransaction(async (transaction) => {
    const halls = await readHalls(transaction);
    if (halls.length >= maxHalls) throw conflict(`A hostel has at most ${maxHalls} halls`);
    if (halls.some((hall) => sameName(hall.name, body.name))) throw conflict(`A hall is already named ${body.name}`);
    const hall = {
      name: body.name,
      slots: body.slots ?? [...mealSlots],
      closedDays: [...new Set(body.closedDays ?? [])].sort(),
      memberLimit: body.memberLimit ?? null,
    };
    transaction.create(ref, {
      ...hall,
      createdAt: FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    recordAction(transaction, actor, {
      kind: 'hall.added',
      target: { type: 'hall', id: ref.id, label: hall.name },
      before: null,
      after: fieldsOf(hall, hallFields),
    });
  });
  return { insertedId: ref.id };
}

/** PATCH /halls/{id}: the fields sent; a new name must be no other hall's. */
export async function updateHall(
  id: string,
  patch: HallPatchBody,
  actor: AdminActor,
): Promise<{ modifiedCount: number }> {
  await db.runTransaction(async (transaction) => {
    const halls = await readHalls(transaction);
    if (!halls.some((hall) => hall._id === id)) throw notFound('Hall not found');
    const { name } = patch;
    if (name !== undefined && halls.some((hall) => hall._id !== id && sameName(hall.name, name))) {
      throw conflict(`A hall is already named ${name}`);
    }
    const changes = {
      ...(name !== undefined ? { name } : {}),
      ...(patch.slots ? { slots: patch.slots } : {}),
      ...(patch.closedDays ? { closedDays: [...new Set(patch.closedDays)].sort() } : {}),
      ...(patch.memberLimit !== undefined ? { memberLimit: patch.memberLimit } : {}),
    };
    transaction.update(hallRef(id), { ...changes, updatedAt: FieldValue.serverTimestamp() });
    const stored = halls.find((hall) => hall._id === id)!;
    recordAction(transaction, actor, {
      kind: 'hall.changed',
      target: { type: 'hall', id, label: name ?? stored.name },
      ...changedFields(stored, { ...stored, ...changes }, hallFields),
    });
  });
  return { modifiedCount: 1 };
}

/**
 * DELETE /halls/{id}: only a hall no serving, resident or member of staff names, never the last one. The serving looked
 * for is read in the transaction, so one planned meanwhile makes it run again and refuse.
 */
export async function deleteHall(id: string, actor: AdminActor): Promise<{ deletedCount: number }> {
  await db.runTransaction(async (transaction) => {
    const [halls, servings, residents, choosers, staff] = await Promise.all([
      readHalls(transaction),
      transaction.get(typed.servings().where('hallId', '==', id).limit(1)),
      transaction.get(typed.users().where('homeHallId', '==', id).limit(1)),
      transaction.get(typed.users().where('nextHall.hallId', '==', id).limit(1)),
      transaction.get(typed.users().where('hallIds', 'array-contains', id).limit(1)),
    ]);
    if (!halls.some((hall) => hall._id === id)) throw notFound('Hall not found');
    if (!servings.empty) throw conflict('Servings are planned at this hall: move or delete them first');
    // A resident left with a deleted home hall would count every meal as one at another hall.
    if (!residents.empty || !choosers.empty) {
      throw conflict('Residents eat at this hall: give them another home hall first');
    }
    if (!staff.empty) throw conflict('Kitchen staff work at this hall: assign them other halls first');
    if (halls.length === 1) throw conflict('A hostel keeps at least one hall');
    transaction.delete(hallRef(id));
    const stored = halls.find((hall) => hall._id === id)!;
    recordAction(transaction, actor, {
      kind: 'hall.deleted',
      target: { type: 'hall', id, label: stored.name },
      before: fieldsOf(stored, hallFields),
      after: null,
    });
  });
  return { deletedCount: 1 };
}

/** GET /hall-settings */
export async function readHallSettings(): Promise<HallSettings> {
  const stored = (await hallSettingsRef().get()).data();
  return { switchesPerMonth: switchesPerMonthOf(stored), chooseUntilDay: chooseUntilDayOf(stored) };
}

/** PUT /hall-settings: `chooseUntilDay` absent is null (members do not choose). */
export async function writeHallSettings(body: HallSettingsBody, actor: AdminActor): Promise<HallSettings> {
  const settings = { switchesPerMonth: body.switchesPerMonth, chooseUntilDay: body.chooseUntilDay ?? null };
  await db.runTransaction(async (transaction) => {
    const stored = (await transaction.get(hallSettingsRef())).data();
    const before = { switchesPerMonth: switchesPerMonthOf(stored), chooseUntilDay: chooseUntilDayOf(stored) };
    transaction.set(hallSettingsRef(), settings);
    recordAction(transaction, actor, {
      kind: 'settings.changed',
      target: { type: 'settings', id: 'halls', label: 'Hall settings' },
      ...changedFields(before, settings, ['switchesPerMonth', 'chooseUntilDay']),
    });
  });
  return settings;
}

/** 404 naming the field when one of `ids` is no hall. */
async function refuseUnknownHalls(ids: string[], field: string) {
  const known = new Set((await readHalls()).map((hall) => hall._id));
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) throw notFound(`${field}: no hall ${unknown}`);
}

/** PUT /users/{uid}/home-hall: the hall a resident eats at. */
export async function setHomeHall(uid: string, hallId: string, actor: AdminActor): Promise<{ modifiedCount: number }> {
  await refuseUnknownHalls([hallId], 'hallId');
  return db.runTransaction(async (transaction) => {
    const stored = (await transaction.get(typed.users().doc(uid))).data();
    if (!stored) throw notFound('User not found');
    if (stored.homeHallId === hallId) return { modifiedCount: 0 };
    transaction.update(typed.users().doc(uid), { homeHallId: hallId });
    recordAction(transaction, actor, {
      kind: 'user.homeHall',
      target: { type: 'user', id: uid, label: stored.name ?? '' },
      before: { homeHallId: stored.homeHallId ?? null },
      after: { homeHallId: hallId },
    });
    return { modifiedCount: 1 };
  });
}

/** PUT /users/{uid}/halls: the halls a member of kitchen staff works at (none: every hall). */
export async function assignHalls(
  uid: string,
  hallIds: string[],
  actor: AdminActor,
): Promise<{ modifiedCount: number }> {
  await refuseUnknownHalls(hallIds, 'hallIds');
  return db.runTransaction(async (transaction) => {
    const stored = (await transaction.get(typed.users().doc(uid))).data();
    if (!stored) throw notFound('User not found');
    if (stored.role !== 'staff')
      throw conflict('hallIds: only kitchen staff are assigned halls (admins see every hall)');
    transaction.update(typed.users().doc(uid), { hallIds: [...hallIds].sort() });
    recordAction(transaction, actor, {
      kind: 'user.halls',
      target: { type: 'user', id: uid, label: stored.name ?? '' },
      before: { hallIds: stored.hallIds ?? [] },
      after: { hallIds: [...hallIds].sort() },
    });
    return { modifiedCount: 1 };
  });
}
