// Emails (docs/email.md): one `mail` document per email, in the Trigger Email extension's
// shape, written at the moment it tells about, once, only to a verified address whose owner
// keeps that kind on; the preferences and the signed unsubscribe link; the schedules' work
// with a fake clock (the hour before a cutoff, the cutoff itself, three days before a
// renewal, across a daylight-saving change).
import { createHmac } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { addDays, defaultEmailPreferences, instantOfHostelTime, portionsToPrepare, routes } from '@hostelhub/contracts';
import { sendProductionSheets } from '../src/features/menu/production-sheets.js';
import { emailAdminsAboutComplaint } from '../src/lib/admin-mail.js';
import { sendWeeklyMenu } from '../src/features/menu/weekly-menu-email.js';
import { sendRenewalReminders } from '../src/features/payments/renewal-reminders.js';
import { sendCutoffReminders } from '../src/features/requests/cutoff-reminders.js';
import { call, db, hostingApiBase, markEmailVerified, urlOf } from './support/emulators.js';
import { seedTitledMeal } from './support/meals.js';
import { bodyWithCutoffIn, isolatedWeek, planServing, servingData } from './support/menu.js';
import { notificationsOf } from './support/notifications.js';
import { createUserDirect } from './support/users.js';

const zone = process.env.HOSTEL_TIME_ZONE || 'Europe/London';

/** The `mail` documents written to `uid`, oldest first. */
async function mailOf(uid: string): Promise<Record<string, any>[]> {
  const snapshot = await db.collection('mail').where('uid', '==', uid).get();
  return snapshot.docs
    .map((doc): Record<string, any> => ({ id: doc.id, ...doc.data() }))
    .sort((a, b) => a.createdAt.toMillis() - b.createdAt.toMillis());
}

async function verifiedUser(options: Parameters<typeof createUserDirect>[0] = {}) {
  const user = await createUserDirect(options);
  await markEmailVerified(user.uid);
  return user;
}

const reserve = (token: string, mealId: string, servingId: string) =>
  call('requestMeal', { token, body: { mealId, servingId } });

async function plannedDinner() {
  const admin = await createUserDirect({ role: 'admin' });
  const meal = await seedTitledMeal({ title: `Lentil <b>stew</b> ${Math.random().toString(36).slice(2, 7)}` });
  const servingId = await planServing(admin.token, bodyWithCutoffIn(meal.id, 3 * 3_600_000));
  return { admin, meal, servingId };
}

/** The token of an email's unsubscribe link, from its List-Unsubscribe header. */
function unsubscribeTokenOf(mail: Record<string, any>): string {
  const header = String(mail.message.headers['List-Unsubscribe']);
  const url = new URL(header.slice(1, -1));
  return url.searchParams.get('token') ?? '';
}

/** A link signed as the API signs them (the run's MAIL_LINK_SECRET), with claims of the test's choosing. */
function signedLink(claims: Record<string, unknown>, key = process.env.MAIL_LINK_SECRET ?? '') {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', key).update(`v1.${payload}`).digest('base64url');
  return `v1.${payload}.${signature}`;
}

async function page(method: 'GET' | 'POST', token: string) {
  const response = await fetch(urlOf(method === 'GET' ? 'unsubscribe' : 'unsubscribeOneClick', { query: { token } }), {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    body: method === 'POST' ? 'List-Unsubscribe=One-Click' : undefined,
  });
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
}

const preferencesOf = async (uid: string) => (await db.doc(`users/${uid}`).get()).get('emailPreferences');

describe('a reservation', () => {
  it('is confirmed by email with the serving, the times, the cutoff and the .ics, and by a bell entry', async () => {
    const { meal, servingId } = await plannedDinner();
    const member = await verifiedUser({ membership: 'Gold', name: 'Mia Member' });
    const reserved = await reserve(member.token, meal.id, servingId);
    expect(reserved.status).toBe(201);
    const requestId = reserved.body.insertedId as string;

    const mails = await mailOf(member.uid);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const serving = await servingData(servingId);
    expect(mail.id).toBe(`reservation-confirmed-${requestId}_${member.uid}`);
    expect(mail.to).toBe(member.email);
    expect(mail.kind).toBe('reservation');
    // "Reservation confirmed: Dinner, Fri 28 Nov"
    expect(mail.message.subject).toMatch(/^Reservation confirmed: Dinner, \w{3} \d{1,2} \w{3,4}$/);
    const wall = (instant: Date) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
        instant,
      );
    expect(mail.message.text).toContain('Hello Mia Member,');
    expect(mail.message.text).toContain(`served ${wall(serving?.startsAt.toDate())}–${wall(serving?.endsAt.toDate())}`);
    expect(mail.message.text).toContain(`You can cancel until ${wall(serving?.cutoffAt.toDate())}`);
    expect(mail.message.text).toContain(`(${zone})`);
    expect(mail.message.text).toContain('/dashboard/requested-meal');
    // The meal's title is text: escaped in the HTML version, never markup.
    expect(mail.message.html).toContain('Lentil &lt;b&gt;stew&lt;/b&gt;');
    expect(mail.message.html).not.toContain('<b>stew');
    expect(mail.message.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // The site's own address (Hosting, which sends /api on to the API).
    const link = `<${hostingApiBase}${routes.unsubscribe.path}?token=v1.`;
    expect(mail.message.headers['List-Unsubscribe'].startsWith(link)).toBe(true);
    // No delivery state yet: the extension (or the demo's delivery) fills it in.
    expect(mail.delivery).toBeUndefined();

    const [ics] = mail.message.attachments;
    expect(ics).toMatchObject({ filename: 'reservation.ics', contentType: expect.stringContaining('text/calendar') });
    const stamp = (instant: Date) =>
      instant
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    expect(ics.content).toContain('METHOD:PUBLISH');
    expect(ics.content).toContain(`DTSTART:${stamp(serving?.startsAt.toDate())}`);
    expect(ics.content).toContain(`DTEND:${stamp(serving?.endsAt.toDate())}`);
    expect(ics.content).toContain(`UID:reservation-${requestId}@hostelhub`);

    const notices = await notificationsOf(member.uid);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'reservation-confirmed', title: 'Reservation confirmed', readAt: null });
    expect(mail.noticeId).toBe(mail.id);
    // Its one link names the bell entry, which the site marks read when the link is opened.
    const actionLink = `${hostingApiBase.replace(/\/api$/, '')}/dashboard/requested-meal?notice=${notices[0]!.id}`;
    expect(mail.message.text).toContain(`See your reservations: ${actionLink}\n`);
    expect(mail.message.html).toContain(`href="${actionLink}"`);

    // Cancelled: its own email with the same calendar entry, now cancelled.
    const cancelled = await call('cancelRequest', { params: { id: requestId }, token: member.token });
    expect(cancelled.status).toBe(200);
    const after = await mailOf(member.uid);
    expect(after).toHaveLength(2);
    const cancellation = after[1] as Record<string, any>;
    expect(cancellation.message.subject).toMatch(/^Reservation cancelled: Dinner, \w{3} \d{1,2} \w{3,4}$/);
    expect(cancellation.message.attachments[0].content).toContain('METHOD:CANCEL');
    expect(cancellation.message.attachments[0].content).toContain(`UID:reservation-${requestId}@hostelhub`);
    expect((await notificationsOf(member.uid)).map((notice) => notice.kind).sort()).toEqual([
      'reservation-cancelled',
      'reservation-confirmed',
    ]);
  });

  it('emails nobody at an unverified address, nor someone who turned reservation emails off', async () => {
    const { meal, servingId } = await plannedDinner();
    const unverified = await createUserDirect({ membership: 'Gold' });
    expect((await reserve(unverified.token, meal.id, servingId)).status).toBe(201);
    expect(await mailOf(unverified.uid)).toEqual([]);

    const quiet = await verifiedUser({ membership: 'Gold' });
    const off = await call('updateEmailPreferences', { token: quiet.token, body: { reservation: false } });
    expect(off.status).toBe(200);
    expect((await reserve(quiet.token, meal.id, servingId)).status).toBe(201);
    expect(await mailOf(quiet.uid)).toEqual([]);
  });
});

describe('email preferences', () => {
  it('GET /user answers the defaults; PATCH changes only the kinds named and refuses a wrong body', async () => {
    const member = await createUserDirect({ membership: 'Gold' });
    const before = await call('user', { token: member.token });
    expect(before.body.emailPreferences).toEqual(defaultEmailPreferences);
    expect(before.body.emailPreferences).toMatchObject({ 'cutoff-reminder': false, 'weekly-menu': false });

    const changed = await call('updateEmailPreferences', {
      token: member.token,
      body: { 'weekly-menu': true, membership: false },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...defaultEmailPreferences, 'weekly-menu': true, membership: false });
    expect((await call('user', { token: member.token })).body.emailPreferences).toEqual(changed.body);

    const wrong = await call('updateEmailPreferences', { token: member.token, untypedBody: { reservation: 'no' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^reservation: /);
    const unknown = await call('updateEmailPreferences', { token: member.token, untypedBody: { spam: true } });
    expect(unknown.status).toBe(400);
    expect((await call('updateEmailPreferences', { body: { reservation: false } })).status).toBe(401);
    expect(await preferencesOf(member.uid)).toEqual(changed.body);
  });
});

describe('the unsubscribe link', () => {
  it('shows what it will do on GET, turns that one kind off on POST, and says so again when used twice', async () => {
    const { meal, servingId } = await plannedDinner();
    const member = await verifiedUser({ membership: 'Gold' });
    await call('updateEmailPreferences', { token: member.token, body: { 'weekly-menu': true } });
    expect((await reserve(member.token, meal.id, servingId)).status).toBe(201);
    const [mail] = await mailOf(member.uid);
    const token = unsubscribeTokenOf(mail!);

    const shown = await page('GET', token);
    expect(shown.status).toBe(200);
    expect(shown.type).toContain('text/html');
    expect(shown.html).toContain('Stop &quot;Reservation confirmations&quot; emails?');
    expect(shown.html).toContain('<form method="post"');
    expect((await preferencesOf(member.uid)).reservation).toBe(true); // a GET changes nothing

    const done = await page('POST', token);
    expect(done.status).toBe(200);
    expect(done.html).toContain('You are unsubscribed');
    // That kind only; the rest of the account as it was.
    expect(await preferencesOf(member.uid)).toEqual({
      ...defaultEmailPreferences,
      'weekly-menu': true,
      reservation: false,
    });
    expect((await db.doc(`users/${member.uid}`).get()).get('membership')).toMatchObject({ packageName: 'Gold' });

    const again = await page('POST', token);
    expect(again.status).toBe(200);
    expect((await page('GET', token)).html).toContain('emails are off');
    expect((await preferencesOf(member.uid)).reservation).toBe(false);
  });

  it('refuses a forged, tampered or expired link and changes nothing', async () => {
    const member = await verifiedUser({ membership: 'Gold' });
    const valid = signedLink({ uid: member.uid, kind: 'membership', expiresAt: Date.now() + 60_000 });
    const forged = signedLink({ uid: member.uid, kind: 'membership', expiresAt: Date.now() + 60_000 }, 'another key');
    const [version, payload, signature] = valid.split('.');
    const tampered = `${version}.${Buffer.from(JSON.stringify({ uid: 'someone-else', kind: 'membership', expiresAt: Date.now() + 60_000 })).toString('base64url')}.${signature}`;
    for (const token of [forged, tampered, `${version}.${payload}`, 'not-a-token']) {
      const refused = await page('POST', token);
      expect(refused.status, token).toBe(400);
      expect(refused.html).toContain('This unsubscribe link is not valid');
    }
    const expired = signedLink({ uid: member.uid, kind: 'membership', expiresAt: Date.now() - 1000 });
    const gone = await page('POST', expired);
    expect(gone.status).toBe(410);
    expect(gone.html).toContain('expired');
    expect((await page('GET', '')).status).toBe(400);
    expect(await preferencesOf(member.uid)).toBeUndefined();

    expect((await page('POST', valid)).status).toBe(200);
    expect((await preferencesOf(member.uid)).membership).toBe(false);
  });
});

/** A lunch on `date` planned through the API (cutoff 10:00 the same day, hostel time). */
async function plannedLunch(date: string, extra: Record<string, unknown> = {}) {
  const admin = await createUserDirect({ role: 'admin' });
  const meal = await seedTitledMeal();
  const servingId = await planServing(admin.token, { mealId: meal.id, date, slot: 'lunch', ...extra });
  return { admin, meal, servingId };
}

/** A member's past reservation of `slot` on `date`, as the API stores it (history: written directly). */
const pastReservation = (uid: string, date: string, slot = 'lunch', status = 'delivered') =>
  db.collection('mealRequests').add({ userUid: uid, servingDate: date, servingSlot: slot, status, mealId: 'past' });

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
    const kitchen = await call('kitchen', { query: { date: date }, token: staff.token });
    const row = kitchen.body.servings.find((serving: { _id: string }) => serving._id === servingId);
    expect(row.reserved).toBe(4);
    const csv = await call('kitchen', { query: { date: date, format: 'csv' }, token: staff.token });
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
    // A link that has its own query names the bell entry after it.
    const site = hostingApiBase.replace(/\/api$/, '');
    expect(sent[0]?.message.text).toContain(`${site}/menu?from=${addDays(week, 7)}&notice=${sent[0]?.noticeId}\n`);
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
