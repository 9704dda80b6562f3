// Leave and its credit (ADR 74): the hostel's rules, each refusal naming the rule it breaks,
// an admin's decision and what an approval changes (reservations given back, the days counted
// out, the credit sent to Stripe once and taken back once), and the meal settings themselves.
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, defaultLeaveRules, hostelDate, type LeaveRules } from '@hostelhub/contracts';
import { call, db } from './support/emulators.js';
import { seedTitledMeal } from './support/meals.js';
import { isolatedWeek, newAdmin, planServing, servingData } from './support/menu.js';
import { mailOf, verifiedUser, zone } from './support/mail.js';
import { createUserDirect } from './support/users.js';
import { createStudent } from './support/payments.js';
import { billingAtThePresent } from './support/subscriptions.js';
import { rebuildRollups } from '../src/lib/rollup-rebuild.js';

const billing = billingAtThePresent({ Gold: 29.99 });

// The settings are the hostel's: each test sets its own and leaves none behind for the next file.
afterEach(async () => {
  await db.doc('settings/meal').delete();
});

async function setRules(admin: { token: string }, leave: Partial<LeaveRules>, booking = 'reserve') {
  const answer = await call('updateMealSettings', {
    token: admin.token,
    untypedBody: { booking, leave: { ...defaultLeaveRules, ...leave } },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const apply = (member: { token: string }, from: string, to: string, reason?: string) =>
  call('applyForLeave', { token: member.token, untypedBody: { from, to, ...(reason ? { reason } : {}) } });

const leaveOf = async (id: string) => (await db.doc(`leaves/${id}`).get()).data()!;
const leaveDayCount = async (hallId: string, date: string) =>
  (await db.doc(`leaveDays/${hallId}_${date}`).get()).get('count') ?? 0;

describe('the meal settings', () => {
  it('are read by members, set by admins only, and refuse a bad rule naming its field', async () => {
    const admin = await newAdmin();
    const member = await createUserDirect({ membership: 'Gold' });
    expect((await call('mealSettings', { token: member.token })).body).toEqual({
      booking: 'reserve',
      leave: defaultLeaveRules,
    });
    const forbidden = await call('updateMealSettings', {
      token: member.token,
      untypedBody: { booking: 'default', leave: defaultLeaveRules },
    });
    expect(forbidden.status).toBe(403);
    const both = await call('updateMealSettings', {
      token: admin.token,
      untypedBody: {
        booking: 'reserve',
        leave: { ...defaultLeaveRules, creditPerDayCents: 500, creditSharePercent: 50 },
      },
    });
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/creditPerDayCents or creditSharePercent/);
    const badMin = await call('updateMealSettings', {
      token: admin.token,
      untypedBody: { booking: 'reserve', leave: { ...defaultLeaveRules, minDays: 0 } },
    });
    expect(badMin.status).toBe(400);
    expect(badMin.body.message).toMatch(/leave.minDays/);
    const badRule = await call('updateMealSettings', {
      token: admin.token,
      untypedBody: { booking: 'sometimes', leave: defaultLeaveRules },
    });
    expect(badRule.status).toBe(400);
    expect(badRule.body.message).toMatch(/booking/);
    await setRules(
      admin,
      {
        minDays: 5,
        creditByLength: [
          { minDays: 5, percent: 75 },
          { minDays: 10, percent: 100 },
        ],
      },
      'default',
    );
    expect((await call('mealSettings', { token: member.token })).body).toMatchObject({
      booking: 'default',
      leave: {
        minDays: 5,
        creditByLength: [
          { minDays: 5, percent: 75 },
          { minDays: 10, percent: 100 },
        ],
      },
    });
  });
});

describe('applying for leave', () => {
  it('refuses each broken rule with a message naming it, an overlap with 409, and a non-member with 402', async () => {
    const admin = await newAdmin();
    await setRules(admin, { minDays: 3, noticeDays: 2, maxDaysPerMonth: 10 });
    const member = await createUserDirect({ membership: 'Gold' });
    const today = hostelDate(new Date(), zone);

    const short = await apply(member, addDays(today, 10), addDays(today, 11));
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 3 days \(minDays\)/);

    const late = await apply(member, addDays(today, 1), addDays(today, 5));
    expect(late.status).toBe(400);
    expect(late.body.message).toContain(`earliest first day now is ${addDays(today, 2)}`);

    const week = isolatedWeek();
    const first = await apply(member, week, addDays(week, 5));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'pending', days: 6, creditCents: 0 });

    const overlap = await apply(member, addDays(week, 5), addDays(week, 8));
    expect(overlap.status).toBe(409);
    expect(overlap.body.message).toContain(`you already have leave from ${week} to ${addDays(week, 5)}`);

    // Six days taken in the month: five more pass the limit of ten (a leave in the same month).
    const monthStart = `${week.slice(0, 7)}-01`;
    const tooMany = await apply(member, addDays(week, 7), addDays(week, 11));
    const sameMonth = addDays(week, 11).slice(0, 7) === week.slice(0, 7);
    if (sameMonth) {
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.message).toMatch(/at most 10 days of leave in a month \(maxDaysPerMonth\)/);
    } else {
      // The week crosses a month's turn: each month's days are counted in that month.
      expect(tooMany.status).toBe(201);
    }
    expect(monthStart <= week).toBe(true);

    const backwards = await apply(member, addDays(week, 20), addDays(week, 18));
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toMatch(/^to/);

    const student = await createUserDirect();
    expect((await apply(student, addDays(week, 14), addDays(week, 17))).status).toBe(402);
  });

  it('counts a month limit in each month a leave falls in', async () => {
    const admin = await newAdmin();
    await setRules(admin, { minDays: 1, noticeDays: 0, maxDaysPerMonth: 4 });
    const member = await createUserDirect({ membership: 'Gold' });
    // 2041-01-29 to 2041-02-03: three days in January, three in February.
    expect((await apply(member, '2041-01-29', '2041-02-03')).status).toBe(201);
    const january = await apply(member, '2041-01-10', '2041-01-11');
    expect(january.status).toBe(409);
    expect(january.body.message).toContain('2041-01 has 1 left');
    expect((await apply(member, '2041-02-10', '2041-02-10')).status).toBe(201);
    const mine = await call('leaves', { token: member.token });
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((leave: { from: string }) => leave.from)).toEqual(['2041-02-10', '2041-01-29']);
    expect(mine.body.rules.maxDaysPerMonth).toBe(4);
  });
});

describe('an approved leave', () => {
  it('gives back its reservations, blocks reserving on its days and counts its days out, once', async () => {
    const admin = await newAdmin();
    await setRules(admin, { minDays: 2, noticeDays: 0 });
    const member = await verifiedUser({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const week = isolatedWeek();
    const inLeave = await planServing(admin.token, { mealId: meal.id, date: addDays(week, 1), slot: 'lunch' });
    const after = await planServing(admin.token, { mealId: meal.id, date: addDays(week, 4), slot: 'lunch' });
    for (const id of [inLeave, after])
      expect((await call('reserve', { params: { id }, token: member.token })).status).toBe(201);

    const applied = await apply(member, week, addDays(week, 2), 'Home for the weekend');
    expect(applied.status).toBe(201);
    const id = applied.body.insertedId as string;
    const approve = () =>
      call('decideLeave', { params: { id }, token: admin.token, untypedBody: { status: 'approved', reason: 'Enjoy' } });
    const approved = await approve();
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      decisionReason: 'Enjoy',
      reason: 'Home for the weekend',
    });

    expect((await servingData(inLeave))?.reserved).toBe(0);
    expect((await servingData(after))?.reserved).toBe(1);
    // Given back by the approval, not by the member: their cancels of the day are untouched.
    expect((await db.doc(`requestQuotas/${member.uid}`).get()).get('cancels') ?? 0).toBe(0);
    const again = await call('reserve', { params: { id: inLeave }, token: member.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain(`You are on leave from ${week} to ${addDays(week, 2)}`);
    for (const date of [week, addDays(week, 1), addDays(week, 2)]) expect(await leaveDayCount('main', date)).toBe(1);
    expect(await leaveDayCount('main', addDays(week, 3))).toBe(0);

    // Sent again (a lost answer): the same leave, nothing counted or told twice.
    expect((await approve()).status).toBe(200);
    expect(await leaveDayCount('main', addDays(week, 1))).toBe(1);
    const told = (await mailOf(member.uid)).filter((mail) => mail.kind === 'leave');
    expect(told).toHaveLength(1);
    expect(told[0]!.message.subject).toMatch(/^Leave approved/);
    expect(told[0]!.message.text).toContain('Your 1 reservation in those days is cancelled');
    const month = await db.doc(`rollups/${week.slice(0, 7)}`).get();
    expect(month.get('leave.days')).toBeGreaterThanOrEqual(1);

    // Cancelled before it starts: its days count again.
    expect((await call('cancelLeave', { params: { id }, token: member.token })).status).toBe(200);
    expect(await leaveDayCount('main', addDays(week, 1))).toBe(0);
    expect((await call('reserve', { params: { id: inLeave }, token: member.token })).status).toBe(201);
    expect((await approve()).status).toBe(409);
  });

  it('is approved at once where the hostel needs no approval; a declined one says why', async () => {
    const admin = await newAdmin();
    await setRules(admin, { minDays: 2, noticeDays: 0, needsApproval: false });
    const member = await verifiedUser({ membership: 'Gold' });
    const week = isolatedWeek();
    const applied = await apply(member, week, addDays(week, 1));
    expect(applied.body).toMatchObject({ status: 'approved', days: 2 });
    expect((await leaveOf(applied.body.insertedId)).decidedBy).toBeNull();

    await setRules(admin, { minDays: 2, noticeDays: 0, needsApproval: true });
    const second = await apply(member, addDays(week, 7), addDays(week, 8));
    const declined = await call('decideLeave', {
      params: { id: second.body.insertedId },
      token: admin.token,
      untypedBody: { status: 'declined', reason: 'Exams week <b>stay</b>' },
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', decisionReason: 'Exams week <b>stay</b>' });
    const mail = (await mailOf(member.uid)).find((each) => each.key === `leave-declined-${second.body.insertedId}`);
    expect(mail?.message.html).toContain('Exams week &lt;b&gt;stay&lt;/b&gt;');
    // Declined is final: neither approved later nor cancelled.
    const late = await call('decideLeave', {
      params: { id: second.body.insertedId },
      token: admin.token,
      untypedBody: { status: 'approved' },
    });
    expect(late.status).toBe(409);
    expect((await call('cancelLeave', { params: { id: second.body.insertedId }, token: member.token })).status).toBe(
      409,
    );
  });

  it('is listed to admins by status and month, and a member cancels only their own before it starts', async () => {
    const admin = await newAdmin();
    await setRules(admin, { minDays: 1, noticeDays: 0 });
    const member = await createUserDirect({ membership: 'Gold', name: 'Leave Lister' });
    const other = await createUserDirect({ membership: 'Gold' });
    const today = hostelDate(new Date(), zone);
    const started = await apply(member, today, addDays(today, 1));
    const week = isolatedWeek();
    const later = await apply(member, week, week);
    expect((await call('cancelLeave', { params: { id: later.body.insertedId }, token: other.token })).status).toBe(403);
    const tooLate = await call('cancelLeave', { params: { id: started.body.insertedId }, token: member.token });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.message).toContain(`This leave started on ${today}`);

    const listed = await call('leaves', { token: admin.token, query: { status: 'pending', month: week.slice(0, 7) } });
    expect(listed.status).toBe(200);
    const ids = listed.body.items.map((leave: { _id: string }) => leave._id);
    expect(ids).toContain(later.body.insertedId);
    expect(ids).not.toContain(started.body.insertedId);
    expect(listed.body.items.find((leave: { _id: string }) => leave._id === later.body.insertedId)).toMatchObject({
      name: 'Leave Lister',
      from: week,
      status: 'pending',
    });
    const others = await call('leaves', { token: other.token });
    expect(others.body.items).toEqual([]);
    expect(
      (
        await call('decideLeave', {
          params: { id: later.body.insertedId },
          token: member.token,
          untypedBody: { status: 'approved' },
        })
      ).status,
    ).toBe(403);
    expect((await call('leaves', { token: admin.token, query: { month: '2041-13' } })).status).toBe(400);
  });
});

describe('leave in Insights', () => {
  it('counts each day in its month and the credit in the month it starts, as a rebuild does', async () => {
    const admin = await newAdmin();
    await setRules(admin, { minDays: 2, noticeDays: 0, creditPerDayCents: 250 });
    const member = await createUserDirect({ membership: 'Gold' });
    // Four days over a month's turn, in weeks no other test uses.
    let from = addDays(isolatedWeek(), 0);
    while (addDays(from, 3).slice(0, 7) === from.slice(0, 7)) from = addDays(from, 1);
    const [first, second] = [from.slice(0, 7), addDays(from, 3).slice(0, 7)];
    const leaveOfMonths = async () => {
      const answer = await call('insights', { token: admin.token, query: { from: first, to: second } });
      expect(answer.status).toBe(200);
      return answer.body.leave as { month: string; days: number; creditCents: number }[];
    };
    const before = await leaveOfMonths();
    const applied = await apply(member, from, addDays(from, 3));
    await call('decideLeave', {
      params: { id: applied.body.insertedId },
      token: admin.token,
      untypedBody: { status: 'approved' },
    });
    const after = await leaveOfMonths();
    const delta = after.map((month, index) => ({
      month: month.month,
      days: month.days - before[index]!.days,
      creditCents: month.creditCents - before[index]!.creditCents,
    }));
    const daysInFirst = [...Array(4).keys()].filter((day) => addDays(from, day).slice(0, 7) === first).length;
    expect(delta).toEqual([
      { month: first, days: daysInFirst, creditCents: 1000 },
      { month: second, days: 4 - daysInFirst, creditCents: 0 },
    ]);
    const rebuilt = await rebuildRollups({ from: first, to: second });
    expect(rebuilt.differences.filter((difference) => difference.field.includes('leave'))).toEqual([]);
  });
});

describe('leave credit', () => {
  it('goes to Stripe once, comes off the next invoice, and is taken back once when the leave is cancelled', async () => {
    const admin = await newAdmin();
    await setRules(admin, { minDays: 2, noticeDays: 0, creditPerDayCents: 500, uncreditedDays: 1 });
    const student = await createStudent('Credited Member');
    const { created, customer } = await billing.memberThroughWebhook(student, billing.Gold);
    const week = isolatedWeek();
    const applied = await apply(student, week, addDays(week, 6));
    // Seven days, the first uncredited: six at $5.
    expect(applied.body).toMatchObject({ days: 7, creditCents: 3000 });
    const id = applied.body.insertedId as string;
    const approve = () =>
      call('decideLeave', { params: { id }, token: admin.token, untypedBody: { status: 'approved' } });
    expect((await approve()).status).toBe(200);
    expect((await approve()).status).toBe(200);
    const credits = billing.stripe.model.balanceTransactionsOf(customer);
    expect(credits.map((transaction) => transaction.amount)).toEqual([-3000]);
    expect(billing.stripe.customers.get(customer)!.balance).toBe(-3000);
    expect((await leaveOf(id)).creditTransactionId).toBe(credits[0]!.id);
    const profile = await call('user', { token: student.token, query: { email: student.email } });
    expect(profile.body.leaveCreditCents).toBe(3000);

    // The renewal takes the credit off what is charged, and the payment row says so.
    const firstEnd = billing.itemOf(created.subscriptionId).current_period_end;
    billing.stripe.advanceClock(firstEnd + 3600);
    await billing.deliverInOrder(billing.eventsOf(customer));
    const rows = await billing.subscriptionPayments(created.subscriptionId);
    const renewal = rows.find((row) => row.creditCents === 3000);
    expect(renewal).toBeDefined();
    // Gold at $29.99 with its VAT, less the credit.
    const invoice = billing.stripe.invoices.get(renewal!.invoiceId)!;
    expect(invoice.amount_paid).toBe(invoice.total - 3000);
    const history = await call('paymentHistory', { token: student.token, query: { email: student.email } });
    expect(history.body.items.find((row: { _id: string }) => row._id === renewal!.invoiceId).creditCents).toBe(3000);
    expect((await call('user', { token: student.token, query: { email: student.email } })).body.leaveCreditCents).toBe(
      0,
    );

    // A second leave, credited then cancelled before it starts: its credit comes back off the balance once.
    const second = await apply(student, addDays(week, 14), addDays(week, 16));
    const secondId = second.body.insertedId as string;
    expect(second.body.creditCents).toBe(1000);
    expect(
      (await call('decideLeave', { params: { id: secondId }, token: admin.token, untypedBody: { status: 'approved' } }))
        .status,
    ).toBe(200);
    expect(billing.stripe.customers.get(customer)!.balance).toBe(-1000);
    expect((await call('cancelLeave', { params: { id: secondId }, token: student.token })).status).toBe(200);
    expect((await call('cancelLeave', { params: { id: secondId }, token: student.token })).status).toBe(409);
    const amounts = billing.stripe.model
      .balanceTransactionsOf(customer)
      .filter((transaction) => transaction.metadata.leaveId === secondId)
      .map((transaction) => transaction.amount);
    expect(amounts.sort()).toEqual([-1000, 1000].sort());
    expect(billing.stripe.customers.get(customer)!.balance).toBe(0);
    expect((await leaveOf(secondId)).reversalTransactionId).toEqual(expect.any(String));
  });
});
