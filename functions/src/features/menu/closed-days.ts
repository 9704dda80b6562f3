// Days the kitchen is closed (PUT and DELETE /closed-days/{date}): a closed day takes no
// servings and no reservations; planning.ts and the reservations read the mark.
import { FieldValue } from 'firebase-admin/firestore';
import { conflict, notFound } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { closedDayRef, dayLabel, reservationsHeldMessage } from '../../lib/servings.js';
import { servingsOn } from './queries.js';

/**
 * PUT /closed-days/{date}: the kitchen is closed that day. Refused while a serving that day
 * has reservations (residents booked it); the day's other servings stay planned, and no
 * reservation is taken on a closed day.
 */
export async function closeDay(date: string, note: string, adminUid: string): Promise<{ modifiedCount: number }> {
  await db.runTransaction(async (transaction) => {
    const servings = await transaction.get(servingsOn(date));
    const booked = servings.docs.filter((doc) => (doc.data().reserved ?? 0) > 0);
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
