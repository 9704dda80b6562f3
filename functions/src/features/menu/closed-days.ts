// Days the kitchen is closed (PUT and DELETE /closed-days/{date}): a closed day takes no
// servings and no reservations; planning.ts and the reservations read the mark.
import { FieldValue } from 'firebase-admin/firestore';
import type { AdminActor } from '@hostelhub/contracts';
import { conflict, notFound } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { closedDayRef, dayLabel, reservationsHeldMessage } from '../../lib/servings.js';
import { servingsOn } from './queries.js';
import { recordAction } from '../../lib/admin-actions.js';

/**
 * PUT /closed-days/{date}: the kitchen is closed that day. Refused while a serving that day
 * has reservations (residents booked it); the day's other servings stay planned, and no
 * reservation is taken on a closed day.
 */
export async function closeDay(date: string, note: string, actor: AdminActor): Promise<{ modifiedCount: number }> {
  await db.runTransaction(async (transaction) => {
    const [servings, closed] = await Promise.all([
      transaction.get(servingsOn(date)),
      transaction.get(closedDayRef(date)),
    ]);
    const booked = servings.docs.filter((doc) => (doc.data().reserved ?? 0) > 0);
    if (booked.length > 0) throw conflict(`${reservationsHeldMessage(booked)}: the day cannot be closed`);
    transaction.set(closedDayRef(date), { note, closedBy: actor.uid, closedAt: FieldValue.serverTimestamp() });
    recordAction(transaction, actor, {
      kind: 'day.closed',
      target: { type: 'day', id: date, label: date },
      before: closed.exists ? { note: closed.data()?.note ?? null } : null,
      after: { note },
    });
  });
  return { modifiedCount: 1 };
}

/** DELETE /closed-days/{date}: the day is open again. */
export async function reopenDay(date: string, actor: AdminActor): Promise<{ deletedCount: number }> {
  const ref = closedDayRef(date);
  await db.runTransaction(async (transaction) => {
    const closed = await transaction.get(ref);
    if (!closed.exists) throw notFound(`${dayLabel(date)} is not closed`);
    transaction.delete(ref);
    recordAction(transaction, actor, {
      kind: 'day.reopened',
      target: { type: 'day', id: date, label: date },
      before: { note: closed.data()?.note ?? null },
      after: null,
    });
  });
  return { deletedCount: 1 };
}
