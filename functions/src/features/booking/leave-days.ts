// What an approved leave changes beside itself (ADR 74), written in the transaction that
// approves or cancels it: the members on leave per hall and date (default booking's headcount
// subtracts them), the Insights rollups, and the credit waiting on the member's profile.
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { addDays, firstHallId, homeHallIn } from '@hostelhub/contracts';
import { typed, type LeaveDocument, type UserDocument } from '../../lib/converters/index.js';
import { countLeaveRollups, leaveHallOn } from '../../lib/leave.js';
import { RollupChanges } from '../../lib/rollups.js';

export const leaveDayRef = (hallId: string, date: string) => typed.leaveDays().doc(`${hallId}_${date}`);

/** Each month of a leave at the hall the member eats at then (ADR 72), for its days' counts. */
export function hallByMonthOf(profile: UserDocument | undefined, months: string[]): Record<string, string> {
  return Object.fromEntries(months.map((month) => [month, (profile && homeHallIn(profile, month)) ?? firstHallId]));
}

/**
 * Counts an approved leave in (`by` 1) or out (`by` -1): one write per day of leave for the
 * headcount (a member's days away cost that, never a write per serving), one per month it
 * touches for Insights, and the member's waiting credit.
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
