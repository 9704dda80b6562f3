// Emails (docs/email.md) the schedules send, with a fake clock: the hour before a cutoff, the
// cutoff itself (the production sheet), three days before a renewal, next week's menu across a
// daylight-saving change, and a complaint for the admins.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { addDays, instantOfHostelTime, portionsToPrepare } from '@hostelhub/contracts';
import { sendProductionSheets } from '../src/features/menu/production-sheets.js';
import { canonicalAddress } from '../src/features/pages/app.js';
import { renderedPages } from '../src/features/pages/site.js';
import { emailAdminsAboutComplaint } from '../src/lib/admin-mail.js';
import { sendWeeklyMenu } from '../src/features/menu/weekly-menu-email.js';
import { sendRenewalReminders } from '../src/features/payments/renewal-reminders.js';
import { sendCutoffReminders } from '../src/features/reservations/cutoff-reminders.js';
import { call, db, hostingApiBase } from './support/emulators.js';
import { seedTitledMeal } from './support/meals.js';
import { isolatedWeek, planServing, servingData } from './support/menu.js';
import { notificationsOf } from './support/notifications.js';
import { createUserDirect } from './support/users.js';
import { mailOf, verifiedUser, zone } from './support/mail.js';
const reserve = (token: string, mealId: string, servingId: string) =>
  call('requestMeal', { token, body: { mealId, servingId } });

async function plannedLunch(date: string, extra: Record<string, unknown> = {}) {
  const admin = await createUserDirect({ role: 'admin' });
  const meal = await seedTitledMeal();
  const servingId = await planServing(admin.token, { mealId: meal.id, date, slot: 'lunch', ...extra });
  return { admin, meal, servingId };
}

/** A member's past reservation of `slot` on `date`, as the API stores it (history: written directly). */
const pastReservation = (uid: string, date: string, slot = 'lunch', status = 'served') =>
  db.collection('mealRequests').add({ userUid: uid, servingDate: date, servingSlot: slot, status, mealId: 'past' });

/**
 * The link an email gives for `label`, after checking that the `pages` function renders its
 * address as sent: a redirect to the page's canonical address drops any parameter the page
 * does not read, so the bell entry it names travels in the fragment, which no server sees.
 */
function renderedLinkOf(text: string, label: string): URL {
  const link = new URL(new RegExp(`^${label}: (\\S+)$`, 'm').exec(text)?.[1] ?? 'about:blank');
  const page = renderedPages.find((rendered) => rendered.route === link.pathname);
  expect(page && canonicalAddress(link, page.query)).toBeNull();
  return link;
}

/** The last Sunday of `month` (1-12) in `year`: when European clocks change. */
function lastSunday(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  return addDays(last.toISOString().slice(0, 10), -last.getUTCDay());
}

describe('the cutoff reminder (a fake clock)', () => {
  it('goes an hour before the cutoff to a member with a habit who has not reserved, once', async () => {
    const date = addDays(isolatedWeek(), 1); // a Tuesday
    const { meal, servingId } = await plannedLunch(date);
    const cutoff = (await servingData(servingId))?.cutoffAt.toDate() as Date;
    const habit = await verifiedUser({ membership: 'Gold', name: 'Habit' });
    const once = await verifiedUser({ membership: 'Gold' });
    const reservedAlready = await verifiedUser({ membership: 'Gold' });
    const optedOut = await verifiedUser({ membership: 'Gold' });
    for (const user of [habit, reservedAlready]) {
      await call('updateEmailPreferences', { token: user.token, body: { 'cutoff-reminder': true } });
      await pastReservation(user.uid, addDays(date, -7));
      await pastReservation(user.uid, addDays(date, -21));
    }
    await call('updateEmailPreferences', { token: once.token, body: { 'cutoff-reminder': true } });
    await pastReservation(once.uid, addDays(date, -7));
    await pastReservation(once.uid, addDays(date, -14), 'lunch', 'cancelled');
    await pastReservation(once.uid, addDays(date, -14), 'dinner');
    await pastReservation(optedOut.uid, addDays(date, -7));
    await pastReservation(optedOut.uid, addDays(date, -14)); // a habit, but reminders are off by default
    // Reserved today already (in real time the serving is years ahead, so it is open).
    expect((await reserve(reservedAlready.token, meal.id, servingId)).status).toBe(201);

    const reminders = async (uid: string) => (await mailOf(uid)).filter((mail) => mail.kind === 'cutoff-reminder');
    await sendCutoffReminders(new Date(cutoff.getTime() - 61 * 60_000)); // too early
    expect(await reminders(habit.uid)).toEqual([]);
    await sendCutoffReminders(new Date(cutoff.getTime() - 60 * 60_000));
    await sendCutoffReminders(new Date(cutoff.getTime() - 45 * 60_000)); // the next run, or a retry
    const sent = await reminders(habit.uid);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.message.subject).toMatch(/^Reservations close at 10:00: Lunch, Tue \d{1,2} \w{3,4}$/);
    expect(sent[0]?.message.text).toContain(meal.title);
    for (const user of [once, reservedAlready, optedOut]) expect(await reminders(user.uid)).toEqual([]);
    expect((await notificationsOf(habit.uid)).map((notice) => notice.kind)).toEqual(['cutoff-reminder']);
    // Its link opens the day's menu, rendered as sent, naming the bell entry.
    const link = renderedLinkOf(sent[0]?.message.text, 'Reserve a place');
    expect(link.pathname.endsWith('menu')).toBe(true);
    expect(`${link.search}${link.hash}`).toBe(`?from=${date}#notice=${sent[0]?.noticeId}`);
  });

  it('across the change from summer time: an hour before the cutoff on the hostel’s clock', async () => {
    // The Tuesday after the clocks go back; the habit was formed in summer time.
    const date = addDays(lastSunday(2095, 10), 2);
    const { servingId } = await plannedLunch(date);
    const member = await verifiedUser({ membership: 'Gold' });
    await call('updateEmailPreferences', { token: member.token, body: { 'cutoff-reminder': true } });
    await pastReservation(member.uid, addDays(date, -7));
    await pastReservation(member.uid, addDays(date, -14));
    const cutoff = (await servingData(servingId))?.cutoffAt.toDate() as Date;
    // 10:00 in winter time, though the habit's weeks were in summer time.
    expect(cutoff.getTime()).toBe(instantOfHostelTime(date, '10:00', zone).getTime());
    // A clock an hour off (last week's offset) would send here; the hostel's does not.
    await sendCutoffReminders(new Date(cutoff.getTime() - 2 * 3_600_000));
    expect(await mailOf(member.uid)).toEqual([]);
    await sendCutoffReminders(new Date(cutoff.getTime() - 3_600_000));
    expect((await mailOf(member.uid)).map((mail) => mail.kind)).toEqual(['cutoff-reminder']);
  });
});

describe('the production sheet (a fake clock)', () => {
  it('goes to kitchen staff and admins at the cutoff with the kitchen view’s numbers and CSV, once', async () => {
    const date = addDays(isolatedWeek(), 2);
    const { meal, servingId } = await plannedLunch(date, { capacity: 40 });
    const cutoff = (await servingData(servingId))?.cutoffAt.toDate() as Date;
    const staff = await verifiedUser({ role: 'staff' });
    const admin = await verifiedUser({ role: 'admin' });
    const optedOutStaff = await verifiedUser({ role: 'staff' });
    await call('updateEmailPreferences', { token: optedOutStaff.token, body: { 'production-sheet': false } });
    const student = await verifiedUser({ membership: 'Gold' });
    for (let count = 0; count < 3; count++) {
      const member = await createUserDirect({ membership: 'Gold' });
      expect((await reserve(member.token, meal.id, servingId)).status).toBe(201);
    }
    expect((await reserve(student.token, meal.id, servingId)).status).toBe(201);

    const sheets = async (uid: string) => (await mailOf(uid)).filter((mail) => mail.kind === 'production-sheet');
    await sendProductionSheets(new Date(cutoff.getTime() - 60_000)); // a minute early
    expect(await sheets(staff.uid)).toEqual([]);
    await sendProductionSheets(cutoff);
    await sendProductionSheets(new Date(cutoff.getTime() + 15 * 60_000)); // the next run
    const kitchen = await call('kitchen', { query: { date }, token: staff.token });
    const row = kitchen.body.servings.find((serving: { _id: string }) => serving._id === servingId);
    expect(row.reserved).toBe(4);
    const csv = await call('kitchen', { query: { date, format: 'csv' }, token: staff.token });
    const csvRow = String(csv.body)
      .split('\r\n')
      .find((line) => line.includes(meal.title));
    for (const user of [staff, admin]) {
      const sent = await sheets(user.uid);
      expect(sent).toHaveLength(1);
      expect(sent[0]?.message.subject).toMatch(
        new RegExp(`^Production sheet: Lunch, .+: ${portionsToPrepare(4, 10)} portions$`),
      );
      expect(sent[0]?.message.text).toContain(`${meal.title}: 4 reserved of 40`);
      expect(sent[0]?.message.attachments[0].content).toContain(csvRow);
      // Not a member's own news: no bell entry.
      expect(await notificationsOf(user.uid)).toEqual([]);
    }
    expect(await sheets(optedOutStaff.uid)).toEqual([]);
    expect(await sheets(student.uid)).toEqual([]);
  });
});

describe('the renewal reminder (a fake clock)', () => {
  it('goes three hostel days before the renewal, across the change to summer time, once', async () => {
    // Renewing at midnight on the Thursday after the clocks go forward (hostel time).
    const renewalDay = addDays(lastSunday(2096, 3), 4);
    const renewsAt = instantOfHostelTime(renewalDay, '00:00', zone);
    const member = await verifiedUser({
      membership: 'Gold',
      membershipFields: { currentPeriodEnd: Timestamp.fromDate(renewsAt), subscriptionId: 'sub_renewing' },
    });
    const ending = await verifiedUser({
      membership: 'Gold',
      membershipFields: {
        currentPeriodEnd: Timestamp.fromDate(renewsAt),
        subscriptionId: 'sub_ending',
        cancelAtPeriodEnd: true,
      },
    });
    const renewals = async (uid: string) => (await mailOf(uid)).filter((mail) => mail.kind === 'membership');
    await sendRenewalReminders(instantOfHostelTime(addDays(renewalDay, -4), '09:00', zone));
    expect(await renewals(member.uid)).toEqual([]);
    const threeDaysBefore = instantOfHostelTime(addDays(renewalDay, -3), '09:00', zone);
    await sendRenewalReminders(threeDaysBefore);
    await sendRenewalReminders(threeDaysBefore); // retried
    const sent = await renewals(member.uid);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.message.subject).toMatch(/^Your Gold membership renews on \w{3} \d{1,2} \w{3,4} 2096$/);
    expect(await renewals(ending.uid)).toEqual([]);
    expect((await notificationsOf(member.uid)).map((notice) => notice.kind)).toEqual(['membership-renews-soon']);
  });
});

describe("next week's menu (a fake clock)", () => {
  it('goes on the weekday and hour the admins chose, to members who turned it on, once', async () => {
    const week = isolatedWeek();
    const { admin, meal } = await plannedLunch(addDays(week, 7));
    const settings = await call('updateEmailSettings', {
      token: admin.token,
      body: { weeklyMenu: { weekday: 4, hour: 18 } },
    });
    expect(settings.status).toBe(200);
    expect(
      (await call('updateEmailSettings', { token: admin.token, body: { weeklyMenu: { weekday: 8, hour: 1 } } })).status,
    ).toBe(400);
    const member = await createUserDirect({ membership: 'Gold' });
    expect(
      (await call('updateEmailSettings', { token: member.token, body: { weeklyMenu: { weekday: 1, hour: 1 } } }))
        .status,
    ).toBe(403);
    const reader = await verifiedUser({ membership: 'Gold' });
    const notReader = await verifiedUser({ membership: 'Gold' });
    await call('updateEmailPreferences', { token: reader.token, body: { 'weekly-menu': true } });

    const thursday = addDays(week, 3);
    await sendWeeklyMenu(instantOfHostelTime(thursday, '17:59', zone));
    expect(await mailOf(reader.uid)).toEqual([]);
    await sendWeeklyMenu(instantOfHostelTime(thursday, '18:00', zone));
    await sendWeeklyMenu(instantOfHostelTime(thursday, '18:30', zone)); // a retried run
    const sent = await mailOf(reader.uid);
    expect(sent.map((mail) => mail.kind)).toEqual(['weekly-menu']);
    expect(sent[0]?.message.text).toContain(`Lunch: ${meal.title}`);
    // Its link opens next week's menu, rendered as sent, naming the bell entry.
    const site = hostingApiBase.replace(/\/api$/, '');
    const link = renderedLinkOf(sent[0]?.message.text, 'Reserve your meals');
    expect(link.href).toBe(`${site}/menu?from=${addDays(week, 7)}#notice=${sent[0]?.noticeId}`);
    expect(await mailOf(notReader.uid)).toEqual([]);
  });
});

describe('a complaint for the admins', () => {
  it('emails each verified admin who keeps complaints on, once per complaint, the member’s words as text', async () => {
    const admin = await verifiedUser({ role: 'admin' });
    const quietAdmin = await verifiedUser({ role: 'admin' });
    await call('updateEmailPreferences', { token: quietAdmin.token, body: { complaints: false } });
    const staff = await verifiedUser({ role: 'staff' });
    const id = `c-${Math.random().toString(36).slice(2, 9)}`;
    const complaint = {
      id,
      title: 'A complaint about lunch',
      summary: 'Cold <img src=x onerror=alert(1)>',
      path: '/dashboard',
    };
    await emailAdminsAboutComplaint(complaint);
    await emailAdminsAboutComplaint(complaint); // raised again
    const sent = (await mailOf(admin.uid)).filter((mail) => mail.kind === 'complaints');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.message.subject).toBe('Needs an admin: A complaint about lunch');
    expect(sent[0]?.message.html).toContain('Cold &lt;img src=x onerror=alert(1)&gt;');
    expect(await mailOf(quietAdmin.uid)).toEqual([]);
    expect(await mailOf(staff.uid)).toEqual([]);
  });

  it('is written when a member raises a complaint, marked urgent for hygiene', async () => {
    const admin = await verifiedUser({ role: 'admin' });
    const member = await createUserDirect({ membership: 'Gold' });
    const raised = await call('raiseComplaint', {
      token: member.token,
      body: { category: 'hygiene', text: 'A hair in the <b>dal</b>' },
    });
    expect(raised.status).toBe(201);
    const sent = (await mailOf(admin.uid)).filter((mail) => mail.key === `complaint-${raised.body.insertedId}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.message.subject).toBe('Needs an admin: Urgent complaint: Hygiene');
    expect(sent[0]?.message.text).toContain('A hair in the <b>dal</b>');
    expect(sent[0]?.message.html).toContain('A hair in the &lt;b&gt;dal&lt;/b&gt;');
  });
});
