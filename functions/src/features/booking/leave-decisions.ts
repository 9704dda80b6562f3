// An admin's decision on a leave, and a member's cancel (ADR 74): PATCH and DELETE
// /leaves/{id}. The decision and its counts are one transaction; what follows it (the leave's
// reservations given back, the credit sent to Stripe, the email) is safe to repeat, and
// sending the approval again finishes whatever a failure left undone.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { Transaction } from 'firebase-admin/firestore';
import { hostelDate, type Leave, type LeavePatchBody } from '@hostelhub/contracts';
import type { AdminActor } from '@hostelhub/contracts';
import { hostelTimeZone } from '../../config.js';
import { currentTime } from '../../lib/clock.js';
import { converters, dataOf, typed } from '../../lib/converters/index.js';
import { emails } from '../../lib/emails.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { db } from '../../lib/firestore.js';
import { sendMail } from '../../lib/mail.js';
import { mailRecipientIfReachable } from '../../lib/mail-recipients.js';
import { withdrawForLeave } from '../../lib/requests/lifecycle.js';
import { upcomingReservationsOfUser } from '../../lib/requests/queries.js';
import { chargeCurrency } from '../../lib/stripe-client.js';
import { countLeave, hallByMonthOf } from './leave-days.js';
import { creditLeave, reverseLeaveCredit } from './leave-credit.js';
import { leaveRef, toLeave } from './leave-records.js';
import { recordAction } from '../../lib/admin-actions.js';
import type { LeaveDocument } from '../../lib/converters/index.js';

/** Who decided: an admin (logged, ADR 78), or the rules themselves where no approval is needed (`auto`). */
type Decider = { uid: string; auto?: boolean; actor?: AdminActor };

/** A decision in the audit log, in the transaction that makes it. */
const logDecision = (
  transaction: Transaction,
  decider: Decider,
  id: string,
  leave: LeaveDocument,
  status: string,
  reason: string | null,
) => {
  if (!decider.actor) return;
  recordAction(transaction, decider.actor, {
    kind: 'leave.decided',
    target: { type: 'leave', id, label: `${leave.name}, ${leave.from} to ${leave.to}` },
    before: { status: leave.status },
    after: { status, reason, creditCents: leave.creditCents },
  });
};

/** How many reservations a leave's days may hold: three slots a day, at most 62 days. */
const reservationsScan = 200;

/** Gives back the member's pending reservations in the leave's days; answers how many. */
async function withdrawReservations(uid: string, from: string, to: string): Promise<number> {
  const pending = await upcomingReservationsOfUser(uid, from).limit(reservationsScan).get();
  const inLeave = pending.docs.filter((doc) => (doc.data().servingDate ?? '') <= to);
  const withdrawn = await Promise.all(inLeave.map((doc) => withdrawForLeave(doc.id)));
  return withdrawn.filter(Boolean).length;
}

/**
 * Approves a pending leave (an approved one again: its follow-ups only). Its days are counted
 * out of the headcount in the approving transaction; then its reservations are given back, its
 * credit goes to Stripe and the member is told.
 */
export async function approveLeave(id: string, decider: Decider, reason: string | null = null): Promise<Leave> {
  const now = currentTime();
  const leave = await db.runTransaction(async (transaction) => {
    const stored = dataOf(converters.leaves, await transaction.get(leaveRef(id)));
    if (!stored) throw notFound('Leave not found');
    if (stored.status === 'approved') return stored;
    if (stored.status !== 'pending') throw conflict(`status: this leave was ${stored.status}`);
    const profile = dataOf(converters.users, await transaction.get(typed.users().doc(stored.uid)));
    const approved = {
      ...stored,
      status: 'approved' as const,
      decisionReason: reason,
      decidedAt: Timestamp.fromDate(now),
      decidedBy: decider.auto ? null : decider.uid,
      hallByMonth: hallByMonthOf(profile, stored.months),
    };
    transaction.update(leaveRef(id), {
      status: approved.status,
      decisionReason: reason,
      decidedAt: approved.decidedAt,
      decidedBy: approved.decidedBy,
      hallByMonth: approved.hallByMonth,
    });
    countLeave(transaction, approved, 1);
    logDecision(transaction, decider, id, stored, 'approved', reason);
    return approved;
  });
  const cancelled = await withdrawReservations(leave.uid, leave.from, leave.to);
  await creditLeave(id);
  const told = { id, ...leave, status: 'approved' as const, decisionReason: leave.decisionReason ?? null };
  await sendMail(
    await mailRecipientIfReachable(leave.uid),
    emails.leaveDecided({ ...told, currency: chargeCurrency, cancelled }),
    now,
  );
  return toLeave(id, (await leaveRef(id).get()).data()!);
}

/** Declines a pending leave, with the reason the member is told. */
async function declineLeave(id: string, decider: Decider, reason: string | null): Promise<Leave> {
  const now = currentTime();
  const leave = await db.runTransaction(async (transaction) => {
    const stored = dataOf(converters.leaves, await transaction.get(leaveRef(id)));
    if (!stored) throw notFound('Leave not found');
    if (stored.status === 'declined') return stored;
    if (stored.status !== 'pending')
      throw conflict(`status: this leave was ${stored.status}; only a pending one is declined`);
    const declined = {
      ...stored,
      status: 'declined' as const,
      decisionReason: reason,
      decidedAt: Timestamp.fromDate(now),
      decidedBy: decider.uid,
    };
    transaction.update(leaveRef(id), {
      status: 'declined',
      decisionReason: reason,
      decidedAt: declined.decidedAt,
      decidedBy: decider.uid,
    });
    logDecision(transaction, decider, id, stored, 'declined', reason);
    return declined;
  });
  await sendMail(
    await mailRecipientIfReachable(leave.uid),
    emails.leaveDecided({
      id,
      ...leave,
      status: 'declined',
      decisionReason: leave.decisionReason ?? null,
      currency: chargeCurrency,
      cancelled: 0,
    }),
    now,
  );
  return toLeave(id, leave);
}

/** PATCH /leaves/{id} (admins). */
export function decideLeave(id: string, body: LeavePatchBody, actor: AdminActor): Promise<Leave> {
  const reason = body.reason ?? null;
  const decider = { uid: actor.uid, actor };
  return body.status === 'approved' ? approveLeave(id, decider, reason) : declineLeave(id, decider, reason);
}

/**
 * DELETE /leaves/{id}: the member cancels their leave before its first day. An approved one's
 * days count again and its credit is taken back; the reservations its approval gave back stay
 * given back (the member reserves again).
 */
export async function cancelLeave(id: string, uid: string): Promise<{ deletedCount: number }> {
  const today = hostelDate(currentTime(), hostelTimeZone());
  const wasApproved = await db.runTransaction(async (transaction) => {
    const stored = dataOf(converters.leaves, await transaction.get(leaveRef(id)));
    if (!stored) throw notFound('Leave not found');
    if (stored.uid !== uid) throw forbidden('This leave is not yours');
    if (stored.status !== 'pending' && stored.status !== 'approved') throw conflict(`This leave was ${stored.status}`);
    if (stored.from <= today) throw conflict(`This leave started on ${stored.from}: it can no longer be cancelled`);
    transaction.update(leaveRef(id), { status: 'cancelled', cancelledAt: FieldValue.serverTimestamp() });
    if (stored.status === 'approved') countLeave(transaction, stored, -1);
    return stored.status === 'approved';
  });
  if (wasApproved) await reverseLeaveCredit(id);
  return { deletedCount: 1 };
}
