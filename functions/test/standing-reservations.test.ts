// Standing reservations (issue 53, ADR 74): a member's weekly pattern (GET and PUT
// /standing-reservations), reserved by the daily job when its week opens, through the same
// path as POST /servings/{id}/reservation; one marker per member and serving, so a second run
// or a cancelled serving reserves nothing again; one summary email per member and week.
import { randomBytes } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, defaultLeaveRules, instantOfHostelTime, type StandingReservationsBody } from '@hostelhub/contracts';
import { call, db, markEmailVerified } from './support/emulators.js';
import { mailOf, zone } from './support/mail.js';
import { seedTitledMeal } from './support/meals.js';
import { isolatedWeek, newAdmin, planServing } from './support/menu.js';
import { createUserDirect, dayMs } from './support/users.js';
import { runStandingReservations } from '../src/features/reservations/standing-reservations.js';

let hallId = '';
const members: string[] = [];

afterEach(async () => {
  await db.doc('settings/meal').delete();
  if (hallId) {
    const servings = await db.collection('servings').where('hallId', '==', hallId).get();
    await Promise.all([...servings.docs.map((doc) => doc.ref), db.doc(`halls/${hallId}`)].map((ref) => ref.delete()));
  }
  // The job pages through every pattern: the next test's run reads only its own.
  await Promise.all(members.splice(0).map((uid) => db.doc(`standingReservations/${uid}`).delete()));
  hallId = '';
});

/** A hall of the test's own: the job reserves a member's pattern at their home hall only. */
async function ownHall() {
  hallId = `hall-${randomBytes(4).toString('hex')}`;
  await db
    .doc(`halls/${hallId}`)
    .set({ name: `Hall ${hallId}`, slots: ['breakfast', 'lunch', 'dinner'], closedDays: [] });
  return hallId;
}

/**
 * A member of the test's hall with a verified address, whose membership holds until after
 * `week` (the job runs in the week before it); `weeklyLimit` gives them a package of their own.
 */
async function memberUntil(week: string, weeklyLimit: number | null = null) {
  const packageId = `test-standing-${randomBytes(5).toString('hex')}`;
  await db.doc(`packages/${packageId}`).set({
    name: 'Silver',
    price: 10,
    services: ['Testing'],
    weeklyRequestLimit: weeklyLimit,
    priorityServing: false,
  });
  const member = await createUserDirect({
    membership: 'Silver',
    membershipFields: { packageId, currentPeriodEnd: Timestamp.fromMillis(Date.parse(week) + 30 * dayMs) },
  });
  await markEmailVerified(member.uid);
  await db.doc(`users/${member.uid}`).update({ homeHallId: hallId });
  members.push(member.uid);
  return member;
}

const setPattern = (token: string, pattern: StandingReservationsBody['pattern']) =>
  call('setStandingReservations', { token, body: { pattern } });

/** Monday 05:00 of the week before `week`, on the hostel's clock: when the daily job opens `week`. */
const weekOpens = (week: string) => instantOfHostelTime(addDays(week, -7), '05:00', zone);

const requestsOf = async (uid: string) =>
  (await db.collection('mealRequests').where('userUid', '==', uid).get()).docs.map((doc) => doc.data());

const heldServings = async (uid: string) =>
  (await requestsOf(uid))
    .filter((request) => request.status !== 'cancelled')
    .map((request) => request.servingId as string)
    .sort();

const summaries = async (uid: string) => (await mailOf(uid)).filter((mail) => mail.kind === 'standing-summary');

const markerOf = async (uid: string, servingId: string) =>
  (await db.doc(`standingRuns/${uid}_${servingId}`).get()).data();

describe('standing reservations: the weekly job', () => {
  it("reserves next week's matching servings once, however often it runs, and never a cancelled one again", async () => {
    const week = isolatedWeek();
    const hall = await ownHall();
    const admin = await newAdmin();
    const [first, second, third, fourth] = await Promise.all([0, 1, 2, 3].map(() => seedTitledMeal()));
    const plan = (mealId: string, date: string, slot: string, extra: Record<string, unknown> = {}) =>
      planServing(admin.token, { mealId, date, slot, hallId: hall, ...extra });
    // Monday's lunch has two meals: the menu's first (the earlier start) is the one reserved.
    const mondayLunch = await plan(first!.id, week, 'lunch', { startTime: '12:00', endTime: '13:00' });
    const mondayLater = await plan(second!.id, week, 'lunch', { startTime: '12:30', endTime: '13:30' });
    const wednesdayDinner = await plan(third!.id, addDays(week, 2), 'dinner');
    const tuesdayLunch = await plan(third!.id, addDays(week, 1), 'lunch');
    const member = await memberUntil(week);
    // A member whose membership has lapsed by then is skipped.
    const lapsed = await createUserDirect({ membership: 'Silver' });
    await db.doc(`users/${lapsed.uid}`).update({ homeHallId: hall });
    members.push(lapsed.uid);
    const pattern = [
      { weekday: 5, slot: 'breakfast' },
      { weekday: 3, slot: 'dinner' },
      { weekday: 1, slot: 'lunch' },
    ] as const;
    const saved = await setPattern(member.token, [...pattern]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.pattern).toEqual([
      { weekday: 1, slot: 'lunch' },
      { weekday: 3, slot: 'dinner' },
      { weekday: 5, slot: 'breakfast' },
    ]);
    expect((await setPattern(lapsed.token, [{ weekday: 1, slot: 'lunch' }])).status).toBe(200);

    const opened = weekOpens(week);
    expect(await runStandingReservations(opened)).toMatchObject({ members: 1, reserved: 2, refused: 0, emails: 1 });
    expect(await heldServings(member.uid)).toEqual([mondayLunch, wednesdayDinner].sort());
    expect(await requestsOf(lapsed.uid)).toEqual([]);
    expect(await markerOf(member.uid, mondayLunch)).toMatchObject({ outcome: 'reserved', week });
    expect(await markerOf(member.uid, mondayLater)).toBeUndefined();
    expect(await markerOf(member.uid, tuesdayLunch)).toBeUndefined();
    const [summary] = await summaries(member.uid);
    expect(summary!.message.text).toContain(`Reserved: Lunch on Mon`);
    expect(summary!.message.text).toContain(`Reserved: Dinner on Wed`);
    expect(summary!.message.text).not.toContain('Not reserved');

    // Run again the same morning, and the next: nothing twice.
    await runStandingReservations(opened);
    expect(await runStandingReservations(new Date(opened.getTime() + dayMs))).toMatchObject({ reserved: 0 });
    expect(await heldServings(member.uid)).toEqual([mondayLunch, wednesdayDinner].sort());
    expect((await db.doc(`servings/${mondayLunch}`).get()).get('reserved')).toBe(1);

    // Cancelled by the member: the pattern stays, and the next run leaves that serving alone.
    const cancelled = await call('cancelReservation', { params: { id: wednesdayDinner }, token: member.token });
    expect(cancelled.status).toBe(200);
    expect((await call('standingReservations', { token: member.token })).body.pattern).toHaveLength(3);
    // A serving planned after its week opened is reserved by the next run, with no second email.
    const fridayBreakfast = await plan(fourth!.id, addDays(week, 4), 'breakfast');
    expect(await runStandingReservations(new Date(opened.getTime() + 2 * dayMs))).toMatchObject({
      members: 1,
      reserved: 1,
      emails: 0,
    });
    expect(await heldServings(member.uid)).toEqual([mondayLunch, fridayBreakfast].sort());
    expect((await db.doc(`servings/${wednesdayDinner}`).get()).get('reserved')).toBe(0);
    expect(await summaries(member.uid)).toHaveLength(1);
  });

  it('lists a full serving and a week past the quota as not reserved, in one email, sent once', async () => {
    const week = isolatedWeek();
    const hall = await ownHall();
    const admin = await newAdmin();
    const meal = await seedTitledMeal();
    const lunches: string[] = [];
    for (let day = 0; day < 5; day++) {
      lunches.push(
        await planServing(admin.token, {
          mealId: meal.id,
          date: addDays(week, day),
          slot: 'lunch',
          hallId: hall,
          ...(day === 0 ? { capacity: 1 } : {}),
        }),
      );
    }
    // Monday's one place is taken; three reservations a week is the package's limit.
    const early = await memberUntil(week);
    expect((await call('reserve', { params: { id: lunches[0]! }, token: early.token })).status).toBe(201);
    const member = await memberUntil(week, 3);
    const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, slot: 'lunch' as const }));
    expect((await setPattern(member.token, weekdays)).status).toBe(200);

    expect(await runStandingReservations(weekOpens(week))).toMatchObject({ reserved: 3, refused: 2, emails: 1 });
    expect(await heldServings(member.uid)).toEqual(lunches.slice(1, 4).sort());
    expect(await markerOf(member.uid, lunches[0]!)).toMatchObject({ outcome: 'full' });
    expect(await markerOf(member.uid, lunches[4]!)).toMatchObject({ outcome: 'quota' });
    const [summary, ...more] = await summaries(member.uid);
    expect(more).toEqual([]);
    expect(summary!.message.subject).toMatch(/^Standing reservations, week of Mon .*: 3 reserved, 2 not$/);
    expect(summary!.message.text).toMatch(/Not reserved: Lunch on Mon [^\n]*is fully booked\./);
    expect(summary!.message.text).toMatch(/Not reserved: Lunch on Fri [^\n]*You have used your 3 meal requests/);
    expect(summary!.message.text.match(/^Reserved: /gm)).toHaveLength(3);
    // The bell has the same news.
    expect((await db.doc(`users/${member.uid}/notifications/${summary!.id}`).get()).get('kind')).toBe(
      'standing-summary',
    );

    expect((await db.doc(`standingReservations/${member.uid}`).get()).get('summarizedWeeks')).toEqual([week]);

    // A place freed since is not taken: the serving was tried. No second email.
    expect((await call('cancelReservation', { params: { id: lunches[0]! }, token: early.token })).status).toBe(200);
    await runStandingReservations(new Date(weekOpens(week).getTime() + dayMs));
    expect(await summaries(member.uid)).toHaveLength(1);
    expect(await heldServings(member.uid)).toEqual(lunches.slice(1, 4).sort());
  });
});

describe('standing reservations: GET and PUT /standing-reservations', () => {
  it('answers an empty pattern at first, and an empty pattern clears it', async () => {
    await ownHall();
    const member = await memberUntil(isolatedWeek());
    expect((await call('standingReservations', { token: member.token })).body).toEqual({
      pattern: [],
      updatedAt: null,
    });
    await setPattern(member.token, [{ weekday: 7, slot: 'dinner' }]);
    const cleared = await setPattern(member.token, []);
    expect(cleared.status).toBe(200);
    const read = await call('standingReservations', { token: member.token });
    expect(read.body).toEqual({ pattern: [], updatedAt: expect.any(String) });
  });

  it('refuses without a membership (402) and where the hostel books by default (409), and then the job reserves nothing', async () => {
    const week = isolatedWeek();
    const hall = await ownHall();
    const student = await createUserDirect();
    const refused = await setPattern(student.token, [{ weekday: 1, slot: 'lunch' }]);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/membership/i);
    expect(await db.doc(`standingReservations/${student.uid}`).get()).toHaveProperty('exists', false);

    const admin = await newAdmin();
    const member = await memberUntil(week);
    expect((await setPattern(member.token, [{ weekday: 1, slot: 'lunch' }])).status).toBe(200);
    const lunch = await planServing(admin.token, {
      mealId: (await seedTitledMeal()).id,
      date: week,
      slot: 'lunch',
      hallId: hall,
    });
    const byDefault = await call('updateMealSettings', {
      token: admin.token,
      untypedBody: { booking: 'default', leave: defaultLeaveRules },
    });
    expect(byDefault.status).toBe(200);
    const conflict = await setPattern(member.token, [{ weekday: 2, slot: 'lunch' }]);
    expect(conflict).toEqual({
      status: 409,
      body: { message: 'This hostel books every member by default: members need no standing reservations' },
    });
    expect(await runStandingReservations(weekOpens(week))).toEqual({ members: 0, reserved: 0, refused: 0, emails: 0 });
    expect(await requestsOf(member.uid)).toEqual([]);
    expect(await markerOf(member.uid, lunch)).toBeUndefined();
  });

  it('refuses a bad body with a 400 naming the field', async () => {
    await ownHall();
    const member = await memberUntil(isolatedWeek());
    const put = (body: unknown) => call('setStandingReservations', { token: member.token, untypedBody: body });
    const answers = await Promise.all([
      put({}),
      put({ pattern: 'mondays' }),
      put({ pattern: [{ weekday: 8, slot: 'lunch' }] }),
      put({ pattern: [{ weekday: 1.5, slot: 'lunch' }] }),
      put({ pattern: [{ weekday: 1, slot: 'supper' }] }),
      put({ pattern: [{ weekday: 1, slot: 'lunch', hall: 'x' }] }),
      put({
        pattern: [
          { weekday: 1, slot: 'lunch' },
          { weekday: 1, slot: 'lunch' },
        ],
      }),
      put({ pattern: [], extra: true }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400, 400, 400]);
    expect(answers.map((answer) => answer.body.message)).toEqual([
      expect.stringMatching(/^pattern/),
      expect.stringMatching(/^pattern/),
      expect.stringMatching(/^pattern\.0\.weekday: .*1 to 7/),
      expect.stringMatching(/^pattern\.0\.weekday: .*whole number/),
      expect.stringMatching(/^pattern\.0\.slot: .*breakfast, lunch or dinner/),
      expect.stringMatching(/hall/),
      expect.stringMatching(/^pattern: .*repeat/),
      expect.stringMatching(/extra/),
    ]);
    expect(await db.doc(`standingReservations/${member.uid}`).get()).toHaveProperty('exists', false);
  });
});
