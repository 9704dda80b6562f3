// The demo's leave (issue 53, ADR 74): the hostel's rules (at least 3 days, 2 days' notice, 12
// days a month, approved by an admin, $4 a day back), and the demo member's two leaves: one
// approved, its credit waiting for the next invoice, and one waiting for the admin. Run by
// the seed and on every start: what is there already is kept (an admin's own settings too).
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { loadContracts } from './contracts.mjs';
import { demoAccounts } from './demo-data.mjs';
import { hostelToday } from './demo-menu.mjs';

export const demoLeaveRules = {
  minDays: 3,
  noticeDays: 2,
  maxDaysPerMonth: 12,
  needsApproval: true,
  creditPerDayCents: 400,
  creditSharePercent: null,
  uncreditedDays: 0,
  creditByLength: [],
};

const alreadyExists = (error) => {
  if (error.code !== 6 /* ALREADY_EXISTS */) throw error;
};

/** @param {import('firebase-admin/firestore').Firestore} db */
export async function seedDemoLeave(db, now = new Date()) {
  const contracts = await loadContracts();
  await db.doc('settings/meal').create({ booking: 'reserve', leave: demoLeaveRules }).catch(alreadyExists);
  const member = demoAccounts.find((account) => account.uid === 'demo-member');
  const { today } = await hostelToday(now);
  const leave = (id, fromDay, toDay, status, reason) => {
    const from = contracts.addDays(today, fromDay);
    const to = contracts.addDays(today, toDay);
    const months = [...contracts.leaveDaysByMonth(from, to).keys()];
    return {
      id,
      data: {
        uid: member.uid,
        name: member.name,
        email: member.email,
        from,
        to,
        days: contracts.leaveDaysOf(from, to),
        months,
        status,
        reason,
        decisionReason: null,
        creditCents: contracts.leaveCreditCents(demoLeaveRules, from, to, null),
        appliedAt: Timestamp.fromDate(now),
        decidedAt: status === 'approved' ? Timestamp.fromDate(now) : null,
        decidedBy: status === 'approved' ? 'demo-admin' : null,
        ...(status === 'approved' ? { hallByMonth: Object.fromEntries(months.map((month) => [month, 'main'])) } : {}),
      },
    };
  };
  const approved = leave('demo-leave-approved', 10, 14, 'approved', 'Visiting family');
  const pending = leave('demo-leave-pending', 24, 27, 'pending', 'Field trip');
  await db.doc(`leaves/${pending.id}`).create(pending.data).catch(alreadyExists);
  // The approved one with what its approval writes beside it (features/booking/leave-days.ts):
  // its days counted out of the Main hall and its credit waiting on the member's profile.
  await db.runTransaction(async (transaction) => {
    const ref = db.doc(`leaves/${approved.id}`);
    if ((await transaction.get(ref)).exists) return;
    transaction.create(ref, approved.data);
    for (let date = approved.data.from; date <= approved.data.to; date = contracts.addDays(date, 1)) {
      transaction.set(
        db.doc(`leaveDays/main_${date}`),
        { hallId: 'main', date, count: FieldValue.increment(1) },
        { merge: true },
      );
    }
    transaction.update(db.doc(`users/${member.uid}`), {
      leaveCreditCents: FieldValue.increment(approved.data.creditCents),
    });
  });
}
