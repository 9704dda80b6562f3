// A member's leave as reservations, passes and the counter see it (ADR 74): on an approved
// leave's days a member is not counted, cannot reserve, and is not served without a
// reservation. The leave feature (features/booking) writes leaves; this reads them.
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { addDays, firstHallId } from '@hostelhub/contracts';
import type { LeaveDocument } from './converters/index.js';
import { typed } from './converters/index.js';
import { RollupChanges } from './rollups.js';

/** A member's leaves touching any of `months` (at most 30, Firestore's limit for `array-contains-any`). */
export const leavesOfMemberIn = (uid: string, months: string[]) =>
  typed.leaves().where('uid', '==', uid).where('months', 'array-contains-any', months);

/** Pending and approved leaves hold their days; declined and cancelled ones hold none. */
export const holdsDays = (leave: Pick<LeaveDocument, 'status'>) =>
  leave.status === 'pending' || leave.status === 'approved';

/** The member's approved leave covering `date` (`YYYY-MM-DD`), if any: one query of the month's leaves. */
export async function approvedLeaveOn(uid: string, date: string): Promise<LeaveDocument | undefined> {
  const leaves = await leavesOfMemberIn(uid, [date.slice(0, 7)]).get();
  return leaves.docs
    .map((doc) => doc.data())
    .find((leave) => leave.status === 'approved' && leave.from <= date && leave.to >= date);
}

export const onLeaveMessage = (leave: Pick<LeaveDocument, 'from' | 'to'>) =>
  `You are on leave from ${leave.from} to ${leave.to}: no meal is counted for you then`;

/** Every approved leave, by first day: what the rollup rebuild counts. */
export const approvedLeaves = () => typed.leaves().where('status', '==', 'approved').orderBy('from', 'asc');

/** The hall a day of an approved leave counts at (fixed at approval). */
export const leaveHallOn = (leave: Pick<LeaveDocument, 'hallByMonth'>, date: string) =>
  leave.hallByMonth?.[date.slice(0, 7)] ?? firstHallId;

/**
 * An approved leave in Insights (`by` 1; -1 when cancelled): each day in its month, and its
 * credit in the month it starts, at the hall each counts at. `inRange` keeps a rebuild to its
 * own months.
 */
export function countLeaveRollups(
  changes: RollupChanges,
  leave: LeaveDocument,
  by: 1 | -1,
  inRange: (month: string) => boolean = () => true,
) {
  for (let date = leave.from; date <= leave.to; date = addDays(date, 1)) {
    if (inRange(date.slice(0, 7))) changes.add(date.slice(0, 7), ['leave', 'days'], by, leaveHallOn(leave, date));
  }
  if (inRange(leave.from.slice(0, 7))) {
    changes.add(
      leave.from.slice(0, 7),
      ['leave', 'creditCents'],
      by * leave.creditCents,
      leaveHallOn(leave, leave.from),
    );
  }
}

export const leaveDayRef = (hallId: string, date: string) => typed.leaveDays().doc(`${hallId}_${date}`);

/**
 * Counts an approved leave in (`by` 1) or out (`by` -1): one write per day of leave for the
 * headcount (a member's days away cost that, never a write per serving), one per month it
 * touches for Insights, and the member's waiting credit. Its approval and cancel
 * (features/booking) and closing an account (features/users) call it.
 */
export function countLeave(transaction: Transaction, leave: LeaveDocument, by: 1 | -1) {
  for (let date = leave.from; date <= leave.to; date = addDays(date, 1)) {
    const hallId = leaveHallOn(leave, date);
    transaction.set(leaveDayRef(hallId, date), { hallId, date, count: FieldValue.increment(by) }, { merge: true });
  }
  const changes = new RollupChanges();
  countLeaveRollups(changes, leave, by);
  changes.writeTo(transaction);
  if (leave.creditCents > 0) {
    transaction.update(typed.users().doc(leave.uid), {
      leaveCreditCents: FieldValue.increment(by * leave.creditCents),
    });
  }
}
