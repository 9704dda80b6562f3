// Dining halls (ADR 72): the list and the admins' changes, servings planned at a hall, the menu
// and the kitchen by hall, and scripts/migrate-halls.mjs on a hostel from before halls. Each
// test removes its halls: the other files of this worker plan servings as a one-hall hostel.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, membersCsvHeader, paymentsCsvHeader, type Insights } from '@hostelhub/contracts';
import { parseCsv } from '../../scripts/lib/csv-rows.mjs';
import { call, db } from './support/emulators.js';
import { seedTitledMeal } from './support/meals.js';
import { isolatedWeek, newAdmin, planServing, servingData } from './support/menu.js';
import { mailOf, verifiedUser } from './support/mail.js';
import { getText } from './support/insights.js';
import { sendProductionSheets } from '../src/features/menu/production-sheets.js';
import { rebuildRollups } from '../src/lib/rollup-rebuild.js';
import { redeem, reservedWithPass, snapshotOf, staff } from './support/counter.js';
import { createUserDirect } from './support/users.js';

afterEach(async () => {
  const halls = await db.collection('halls').get();
  for (const hall of halls.docs) {
    const servings = await db.collection('servings').where('hallId', '==', hall.id).get();
    await Promise.all([...servings.docs, hall].map((doc) => doc.ref.delete()));
  }
});

/** Two halls serving one meal on a day (East at lunch, West at `westSlot`): two members reserve at East, one at West. */
async function reservedAtTwoHalls(westSlot: 'lunch' | 'dinner') {
  const halls = await twoHalls();
  const { admin, east, west } = halls;
  const meal = await seedTitledMeal();
  const date = isolatedWeek();
  const atEast = await planServing(admin.token, { mealId: meal.id, date, slot: 'lunch', hallId: east });
  const atWest = await planServing(admin.token, { mealId: meal.id, date, slot: westSlot, hallId: west });
  const members = await Promise.all([0, 1, 2].map(() => createUserDirect({ membership: 'Gold' })));
  for (const [member, servingId] of [
    [members[0]!, atEast],
    [members[1]!, atEast],
    [members[2]!, atWest],
  ] as const) {
    expect((await call('reserve', { params: { id: servingId }, token: member.token })).status).toBe(201);
  }
  return { ...halls, meal, date, atEast, atWest, members };
}

async function twoHalls() {
  const admin = await newAdmin();
  const add = (body: Record<string, unknown>) => call('addHall', { token: admin.token, untypedBody: body });
  const east = await add({ name: 'East Hall' });
  const west = await add({ name: 'West Hall', slots: ['lunch', 'dinner'] });
  expect([east.status, west.status]).toEqual([201, 201]);
  return { admin, east: east.body.insertedId as string, west: west.body.insertedId as string };
}

describe('halls', () => {
  it('are listed to anyone by name, and changed by admins only', async () => {
    const { admin, east, west } = await twoHalls();
    const listed = await call('halls', {});
    expect(listed.status).toBe(200);
    expect(listed.body.halls).toEqual([
      { _id: east, name: 'East Hall', slots: ['breakfast', 'lunch', 'dinner'], closedDays: [], memberLimit: null },
      { _id: west, name: 'West Hall', slots: ['lunch', 'dinner'], closedDays: [], memberLimit: null },
    ]);

    const student = await createUserDirect();
    expect((await call('addHall', { token: student.token, body: { name: 'Mine' } })).status).toBe(403);
    const renamed = await call('updateHall', {
      params: { id: west },
      token: admin.token,
      body: { name: 'Garden Hall', closedDays: ['2031-01-02', '2031-01-01', '2031-01-02'] },
    });
    expect(renamed.status).toBe(200);
    expect((await call('halls', {})).body.halls[1]).toMatchObject({
      _id: west,
      name: 'Garden Hall',
      closedDays: ['2031-01-01', '2031-01-02'],
    });
  });

  it('refuse a bad body naming the field, a second hall of one name, and an unknown hall', async () => {
    const { admin, east } = await twoHalls();
    const add = (body: unknown) => call('addHall', { token: admin.token, untypedBody: body });
    const cases = await Promise.all([
      add({ name: '  ' }),
      add({ name: 'x'.repeat(61) }),
      add({ name: 'North', slots: [] }),
      add({ name: 'North', slots: ['lunch', 'lunch'] }),
      add({ name: 'North', slots: ['supper'] }),
      add({ name: 'North', closedDays: ['2031-02-30'] }),
      add({ name: 'North', kitchen: true }),
    ]);
    expect(cases.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(cases.map((answer) => answer.body.message)).toEqual([
      expect.stringMatching(/^name/),
      expect.stringMatching(/^name/),
      expect.stringMatching(/^slots/),
      expect.stringMatching(/^slots/),
      expect.stringMatching(/^slots/),
      expect.stringMatching(/closedDays/),
      expect.stringMatching(/kitchen/),
    ]);
    const twin = await add({ name: 'east hall' });
    expect(twin).toMatchObject({ status: 409, body: { message: 'A hall is already named east hall' } });
    const rename = await call('updateHall', { params: { id: east }, token: admin.token, body: { name: 'West Hall' } });
    expect(rename.status).toBe(409);
    expect(
      (await call('updateHall', { params: { id: 'nowhere' }, token: admin.token, body: { name: 'N' } })).status,
    ).toBe(404);
    expect((await call('updateHall', { params: { id: east }, token: admin.token, untypedBody: {} })).status).toBe(400);
  });

  it('take servings at the hall named, and the menu and the kitchen show each hall apart', async () => {
    const { admin, east, west } = await twoHalls();
    const meal = await seedTitledMeal();
    const date = isolatedWeek();
    const serving = (extra: Record<string, unknown>) => ({ mealId: meal.id, date, slot: 'lunch', ...extra });

    const unnamed = await call('addServing', { token: admin.token, untypedBody: serving({}) });
    expect(unnamed).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^hallId/) } });
    const atEast = await planServing(admin.token, serving({ hallId: east }));
    // The same meal at the same time in another hall is another serving.
    const atWest = await planServing(admin.token, serving({ hallId: west }));
    const again = await call('addServing', { token: admin.token, untypedBody: serving({ hallId: west }) });
    expect(again.status).toBe(409);
    const breakfast = await call('addServing', {
      token: admin.token,
      untypedBody: serving({ hallId: west, slot: 'breakfast' }),
    });
    expect(breakfast).toMatchObject({ status: 400, body: { message: 'slot: West Hall does not serve Breakfast' } });
    const nowhere = await call('addServing', { token: admin.token, untypedBody: serving({ hallId: 'nowhere' }) });
    expect(nowhere).toMatchObject({ status: 404, body: { message: 'hallId: no such hall' } });

    const menuOf = async (hall?: string) =>
      (await call('menu', { query: { from: date, days: 1, ...(hall ? { hall } : {}) } })).body.days[0].servings.map(
        (each: { _id: string; hallId: string }) => [each._id, each.hallId],
      );
    expect(await menuOf(east)).toEqual([[atEast, east]]);
    expect(await menuOf(west)).toEqual([[atWest, west]]);
    expect((await menuOf()).sort()).toEqual(
      [
        [atEast, east],
        [atWest, west],
      ].sort(),
    );
    expect((await call('menu', { query: { from: date, hall: 'nowhere' } })).status).toBe(404);

    const member = await createUserDirect({ membership: 'Gold' });
    expect((await call('reserve', { params: { id: atWest }, token: member.token })).status).toBe(201);
    const kitchenOf = async (hall: string) =>
      (await call('kitchen', { token: admin.token, query: { date, hall } })).body.servings.map(
        (each: { _id: string; reserved: number }) => [each._id, each.reserved],
      );
    expect(await kitchenOf(east)).toEqual([[atEast, 0]]);
    expect(await kitchenOf(west)).toEqual([[atWest, 1]]);
  });

  it('copy a week from another hall, or one hall’s week on, skipping what the hall cannot take', async () => {
    const { admin, east, west } = await twoHalls();
    const [soup, toast] = await Promise.all([seedTitledMeal(), seedTitledMeal()]);
    const week = isolatedWeek();
    await planServing(admin.token, { mealId: soup.id, date: week, slot: 'lunch', hallId: east, capacity: 12 });
    await planServing(admin.token, { mealId: toast.id, date: week, slot: 'breakfast', hallId: east });
    await planServing(admin.token, { mealId: toast.id, date: addDays(week, 1), slot: 'lunch', hallId: west });
    await call('updateHall', { params: { id: west }, token: admin.token, body: { closedDays: [addDays(week, 2)] } });
    await planServing(admin.token, { mealId: soup.id, date: addDays(week, 2), slot: 'lunch', hallId: east });
    const copy = (body: Record<string, unknown>) => call('copyWeek', { token: admin.token, untypedBody: body });
    const hallsOf = async (from: string) =>
      (await call('menu', { query: { from, days: 7 } })).body.days
        .flatMap(
          (day: { servings: { date: string; slot: string; hallId: string; capacity: number | null }[] }) =>
            day.servings,
        )
        .map(
          ({ date, slot, hallId, capacity }: { date: string; slot: string; hallId: string; capacity: number | null }) =>
            `${date} ${slot} ${hallId} ${capacity}`,
        )
        .sort();

    // East's week into West's, the same week: the lunch comes with its capacity; West serves no
    // breakfast and is closed on the third day, so those two are skipped.
    expect(await copy({ fromWeek: week, toWeek: week, fromHall: east, toHall: west })).toMatchObject({
      status: 201,
      body: { inserted: 1, skipped: 2 },
    });
    expect(await hallsOf(week)).toEqual(
      [
        `${week} breakfast ${east} null`,
        `${week} lunch ${east} 12`,
        `${week} lunch ${west} 12`,
        `${addDays(week, 1)} lunch ${west} null`,
        `${addDays(week, 2)} lunch ${east} null`,
      ].sort(),
    );
    // One hall's week on: West's two servings only, at West.
    const next = addDays(week, 7);
    expect(await copy({ fromWeek: week, toWeek: next, fromHall: west })).toMatchObject({
      status: 201,
      body: { inserted: 2, skipped: 0 },
    });
    expect(await hallsOf(next)).toEqual([`${next} lunch ${west} 12`, `${addDays(next, 1)} lunch ${west} null`].sort());

    const refusals = await Promise.all([
      copy({ fromWeek: week, toWeek: week, fromHall: east }),
      copy({ fromWeek: week, toWeek: next, toHall: west }),
      copy({ fromWeek: week, toWeek: next, fromHall: 'nowhere' }),
      copy({ fromWeek: week, toWeek: next, fromHall: east, toHall: 'nowhere' }),
    ]);
    expect(refusals.map(({ status, body }) => [status, body.message])).toEqual([
      [400, 'toWeek: must be another week than fromWeek, or toHall another hall'],
      [400, 'fromHall: name the hall to copy from'],
      [404, 'fromHall: no such hall'],
      [404, 'toHall: no such hall'],
    ]);
  });

  it('are named in the emails, and a hall’s production sheet goes to its own staff and the admins', async () => {
    const { admin, east, west } = await twoHalls();
    const meal = await seedTitledMeal();
    const date = addDays(isolatedWeek(), 2);
    const servingId = await planServing(admin.token, { mealId: meal.id, date, slot: 'lunch', hallId: west });
    const cutoff = (await servingData(servingId))?.cutoffAt.toDate() as Date;
    const [eastStaff, westStaff, anyHallStaff, reader] = await Promise.all([
      verifiedUser({ role: 'staff' }),
      verifiedUser({ role: 'staff' }),
      verifiedUser({ role: 'staff' }),
      verifiedUser({ role: 'admin' }),
    ]);
    for (const [user, hall] of [
      [eastStaff, east],
      [westStaff, west],
    ] as const) {
      const assigned = await call('assignHalls', {
        params: { uid: user.uid },
        token: admin.token,
        body: { hallIds: [hall] },
      });
      expect(assigned.status).toBe(200);
    }
    const member = await verifiedUser({ membership: 'Gold' });
    expect((await call('reserve', { params: { id: servingId }, token: member.token })).status).toBe(201);
    const [confirmed] = await mailOf(member.uid);
    expect(confirmed?.message.subject).toMatch(/^Reservation confirmed: Lunch, .+ at West Hall$/);

    await sendProductionSheets(cutoff);
    const sheets = async (uid: string) =>
      (await mailOf(uid)).filter((mail) => mail.kind === 'production-sheet').map((mail) => mail.message.subject);
    const westSheet = [expect.stringMatching(/^Production sheet: West Hall, Lunch, .+: 2 portions$/)];
    expect(await sheets(westStaff.uid)).toEqual(westSheet);
    expect(await sheets(anyHallStaff.uid)).toEqual(westSheet);
    expect(await sheets(reader.uid)).toEqual(westSheet);
    expect(await sheets(eastStaff.uid)).toEqual([]);
  });

  it('are counted apart in Insights, and a rebuild counts them the same', async () => {
    const { admin, east, west, date, atEast, members } = await reservedAtTwoHalls('lunch');
    const cancelled = await call('cancelReservation', { params: { id: atEast }, token: members[1]!.token });
    expect(cancelled.status).toBe(200);
    const month = date.slice(0, 7);
    const hallsOf = async () =>
      (await call('insights', { token: admin.token, query: { from: month, to: month } })).body.halls.filter(
        (hall: { hallId: string }) => hall.hallId === east || hall.hallId === west,
      );
    const counted = [
      { hallId: east, name: 'East Hall', reserved: 2, served: 0, cancelled: 1, notCollected: 0 },
      { hallId: west, name: 'West Hall', reserved: 1, served: 0, cancelled: 0, notCollected: 0 },
    ];
    expect(await hallsOf()).toEqual(counted);
    await db.doc(`rollups/${date}`).update({ halls: {} });
    await rebuildRollups({ from: month, to: month, fix: true });
    expect(await hallsOf()).toEqual(counted);
  });

  it('each have their own Insights page: meals, slots, requests and ratings; members stay the hostel’s', async () => {
    const { admin, east, west, meal, date, atWest, members } = await reservedAtTwoHalls('dinner');
    // A rating as the API stores it, counted by the rebuild below.
    await db.doc(`servingRatings/${atWest}_${members[2]!.uid}`).set({
      servingId: atWest,
      uid: members[2]!.uid,
      mealId: meal.id,
      date,
      slot: 'dinner',
      hallId: west,
      stars: 2,
    });
    const month = date.slice(0, 7);
    const insightsOf = async (hall?: string) =>
      (await call('insights', { token: admin.token, query: { from: month, to: month, ...(hall ? { hall } : {}) } }))
        .body;
    const check = async () => {
      const [whole, atEastPage, atWestPage] = [await insightsOf(), await insightsOf(east), await insightsOf(west)];
      const day = (page: Insights) => page.meals.find((each) => each.date === date)!;
      expect(day(atEastPage)).toMatchObject({ requested: 2, reserved: 2, served: 0, cancelled: 0 });
      expect(day(atWestPage)).toMatchObject({ requested: 1, reserved: 1 });
      expect(day(whole).reserved).toBeGreaterThanOrEqual(3);
      const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
      const busiest = (page: Insights) => page.busiestSlots.filter((cell) => cell.reservations > 0);
      expect(busiest(atEastPage)).toEqual([{ weekday, slot: 'lunch', reservations: 2 }]);
      expect(busiest(atWestPage)).toEqual([{ weekday, slot: 'dinner', reservations: 1 }]);
      expect(atEastPage.topMeals.byRequests).toEqual([expect.objectContaining({ _id: meal.id, requests: 2 })]);
      const dinner = (page: Insights) => page.satisfaction.bySlot.find((slot) => slot.slot === 'dinner');
      expect(dinner(atWestPage)).toMatchObject({ count: 1, average: 2 });
      expect(dinner(atEastPage)).toMatchObject({ count: 0 });
      // A membership is the hostel's: each hall's page shows the hostel's members.
      expect(atEastPage.members).toEqual(whole.members);
      // The halls side by side are the same on every page.
      expect(atEastPage.halls).toEqual(whole.halls);
    };
    await rebuildRollups({ from: month, to: month, fix: true });
    await check();
    // A rebuild from nothing counts each hall the same.
    await db.doc(`rollups/${date}`).delete();
    await db.doc(`rollups/${month}`).delete();
    await rebuildRollups({ from: month, to: month, fix: true });
    await check();

    const nowhere = await call('insights', { token: admin.token, query: { from: month, to: month, hall: 'nowhere' } });
    expect(nowhere).toMatchObject({ status: 404, body: { message: 'hall: no such hall' } });
  });

  it('are a column of the payments export with several halls, and pick one hall’s payments', async () => {
    const { admin, east, west } = await twoHalls();
    const payer = await createUserDirect({ membership: 'Gold' });
    // A row as the webhook stores it: the payer's hall in the month paid.
    const id = `in_halls_${payer.uid}`;
    await db.doc(`payments/${id}`).set({
      uid: payer.uid,
      email: payer.email,
      packageName: 'Gold',
      amountInCents: 2500,
      taxInCents: 0,
      currency: 'usd',
      transactionId: id,
      status: 'succeeded',
      paidAt: new Date('2032-03-10T12:00:00Z'),
      hallId: west,
    });
    const rowsOf = async (query: Record<string, string>) =>
      parseCsv((await getText('paymentsExport', { from: '2032-03', to: '2032-03', ...query }, admin.token)).text);
    const every = await rowsOf({});
    expect(every[0]).toEqual([...paymentsCsvHeader, 'hall']);
    expect(every.find((row) => row[7] === id)?.[9]).toBe('West Hall');
    expect((await rowsOf({ hall: west })).some((row) => row[7] === id)).toBe(true);
    expect((await rowsOf({ hall: east })).some((row) => row[7] === id)).toBe(false);
    const nowhere = await getText('paymentsExport', { from: '2032-03', to: '2032-03', hall: 'nowhere' }, admin.token);
    expect(nowhere.status).toBe(404);
    await db.doc(`payments/${id}`).delete();
  });

  it('are a column of the members export with several halls, and pick one hall’s members', async () => {
    const { admin, east, west } = await twoHalls();
    const member = await createUserDirect({ membership: 'Gold' });
    await call('setHomeHall', { params: { uid: member.uid }, token: admin.token, body: { hallId: west } });
    const rowsOf = async (query: Record<string, string>) =>
      parseCsv((await getText('membersExport', query, admin.token)).text);
    const every = await rowsOf({});
    expect(every[0]).toEqual([...membersCsvHeader, 'hall']);
    expect(every.find((row) => row[1] === member.email)?.[5]).toBe('West Hall');
    expect((await rowsOf({ hall: west })).some((row) => row[1] === member.email)).toBe(true);
    expect((await rowsOf({ hall: east })).some((row) => row[1] === member.email)).toBe(false);
    expect((await getText('membersExport', { hall: 'nowhere' }, admin.token)).status).toBe(404);
  });

  it('close on their own days: no serving is planned there, and its menu says so', async () => {
    const { admin, west } = await twoHalls();
    const meal = await seedTitledMeal();
    const date = isolatedWeek();
    await call('updateHall', { params: { id: west }, token: admin.token, body: { closedDays: [date] } });
    const planned = await call('addServing', {
      token: admin.token,
      body: { mealId: meal.id, date, slot: 'dinner', hallId: west },
    });
    expect(planned).toMatchObject({ status: 409, body: { message: `West Hall is closed on ${date}` } });
    const menu = await call('menu', { query: { from: date, days: 2, hall: west } });
    expect(menu.body.days.map((day: { closed: unknown }) => day.closed)).toEqual([
      { note: 'West Hall is closed' },
      null,
    ]);
  });

  it('are deleted only while no serving, resident or member of staff names them, and never the last one', async () => {
    const { admin, east, west } = await twoHalls();
    const meal = await seedTitledMeal();
    await planServing(admin.token, { mealId: meal.id, date: isolatedWeek(), slot: 'lunch', hallId: east });
    const remove = (id: string) => call('deleteHall', { params: { id }, token: admin.token });
    expect(await remove(east)).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^Servings/) } });
    const resident = await createUserDirect();
    const cook = await staff();
    await call('setHomeHall', { params: { uid: resident.uid }, token: admin.token, body: { hallId: west } });
    await call('assignHalls', { params: { uid: cook.uid }, token: admin.token, body: { hallIds: [west] } });
    expect(await remove(west)).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^Residents/) } });
    await db.doc(`users/${resident.uid}`).update({ homeHallId: null });
    expect(await remove(west)).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^Kitchen staff/) },
    });
    await call('assignHalls', { params: { uid: cook.uid }, token: admin.token, body: { hallIds: [] } });
    expect((await remove(west)).status).toBe(200);
    expect((await remove(west)).status).toBe(404);
    const servings = await db.collection('servings').where('hallId', '==', east).get();
    await Promise.all(servings.docs.map((doc) => doc.ref.delete()));
    expect(await remove(east)).toMatchObject({ status: 409, body: { message: 'A hostel keeps at least one hall' } });
  });
});

describe('people in halls', () => {
  it('give a resident a home hall and a member of staff their halls, named on GET /user', async () => {
    const { admin, east, west } = await twoHalls();
    const resident = await createUserDirect();
    const cook = await staff();
    const home = await call('setHomeHall', {
      params: { uid: resident.uid },
      token: admin.token,
      body: { hallId: west },
    });
    expect(home).toEqual({ status: 200, body: { modifiedCount: 1 } });
    const assigned = await call('assignHalls', {
      params: { uid: cook.uid },
      token: admin.token,
      body: { hallIds: [west, east] },
    });
    expect(assigned.status).toBe(200);
    expect((await call('user', { token: resident.token })).body).toMatchObject({ homeHallId: west, hallIds: [] });
    expect((await call('user', { token: cook.token })).body).toMatchObject({
      homeHallId: null,
      hallIds: [east, west].sort(),
    });

    const refusals = await Promise.all([
      call('setHomeHall', { params: { uid: resident.uid }, token: admin.token, body: { hallId: 'nowhere' } }),
      call('setHomeHall', { params: { uid: 'nobody' }, token: admin.token, body: { hallId: west } }),
      call('assignHalls', { params: { uid: resident.uid }, token: admin.token, body: { hallIds: [east] } }),
      call('assignHalls', { params: { uid: cook.uid }, token: admin.token, untypedBody: { hallIds: [east, east] } }),
      call('setHomeHall', { params: { uid: resident.uid }, token: cook.token, body: { hallId: east } }),
    ]);
    expect(refusals.map((answer) => [answer.status, answer.body.message])).toEqual([
      [404, 'hallId: no hall nowhere'],
      [404, 'User not found'],
      [409, expect.stringMatching(/^hallIds: only kitchen staff/)],
      [400, expect.stringMatching(/^hallIds/)],
      [403, expect.any(String)],
    ]);
  });

  it('keep staff to their halls: another hall’s pass is refused unspent, and its kitchen is not shown', async () => {
    const { admin, east, west } = await twoHalls();
    const { servingId, requestId, diner, pass, date } = await reservedWithPass();
    await db.doc(`servings/${servingId}`).update({ hallId: west });
    const [eastCook, westCook] = await Promise.all([staff(), staff()]);
    const assign = (uid: string, hallIds: string[]) =>
      call('assignHalls', { params: { uid }, token: admin.token, body: { hallIds } });
    await Promise.all([assign(eastCook.uid, [east]), assign(westCook.uid, [west])]);

    const before = await snapshotOf(requestId, servingId, diner.uid);
    const refused = await redeem(eastCook.token, { token: pass.token, servingId });
    expect(refused).toMatchObject({
      status: 403,
      body: { reason: 'other-hall', message: 'This pass is for West Hall: serve it there' },
    });
    expect(await snapshotOf(requestId, servingId, diner.uid)).toEqual(before);
    expect((await redeem(westCook.token, { token: pass.token, servingId })).status).toBe(201);

    const kitchen = (token: string, hall?: string) =>
      call('kitchen', { token, query: { date, ...(hall ? { hall } : {}) } });
    const ids = (answer: { body: { servings: { _id: string }[] } }) => answer.body.servings.map((each) => each._id);
    expect(ids(await kitchen(westCook.token))).toContain(servingId);
    expect(ids(await kitchen(eastCook.token))).not.toContain(servingId);
    expect(await kitchen(eastCook.token, west)).toMatchObject({
      status: 403,
      body: { message: 'hall: you do not work at West Hall' },
    });
    expect(ids(await kitchen(admin.token, west))).toContain(servingId);
  });
});

describe('reserving at a hall not one’s own', () => {
  it('counts against the member’s month: allowed to the limit, 409 naming it past, given back by a cancel', async () => {
    const { admin, east, west } = await twoHalls();
    await call('updateHallSettings', { token: admin.token, body: { switchesPerMonth: 1 } });
    const [member, racer] = await Promise.all([
      createUserDirect({ membership: 'Platinum' }),
      createUserDirect({ membership: 'Platinum' }),
    ]);
    for (const person of [member, racer]) {
      await call('setHomeHall', { params: { uid: person.uid }, token: admin.token, body: { hallId: east } });
    }
    const date = isolatedWeek();
    const plan = async (slot: string, hallId: string) =>
      planServing(admin.token, { mealId: (await seedTitledMeal()).id, date, slot, hallId });
    const [westLunch, westDinner, eastLunch] = [
      await plan('lunch', west),
      await plan('dinner', west),
      await plan('lunch', east),
    ];
    const reserve = (token: string, id: string) => call('reserve', { params: { id }, token });

    expect((await reserve(member.token, westLunch)).status).toBe(201);
    const past = await reserve(member.token, westDinner);
    expect(past).toMatchObject({
      status: 409,
      body: {
        message: `switchesPerMonth: you may eat at another hall 1 time a month, and ${date.slice(0, 7)}'s are used`,
      },
    });
    expect((await reserve(member.token, eastLunch)).status).toBe(201);
    expect((await call('cancelReservation', { params: { id: westLunch }, token: member.token })).status).toBe(200);
    expect((await reserve(member.token, westDinner)).status).toBe(201);

    // Two at once for the last one: exactly one is made.
    const raced = await Promise.all([reserve(racer.token, westLunch), reserve(racer.token, westDinner)]);
    expect(raced.map((answer) => answer.status).sort()).toEqual([201, 409]);
    await db.doc('settings/halls').delete();
  });
});

describe('hall settings', () => {
  it('say how often a member may eat at another hall a month: 4 until an admin sets it', async () => {
    const admin = await newAdmin();
    const student = await createUserDirect();
    await db.doc('settings/halls').delete();
    expect((await call('hallSettings', { token: admin.token })).body).toEqual({
      switchesPerMonth: 4,
      chooseUntilDay: null,
    });
    expect((await call('hallSettings', { token: student.token })).status).toBe(403);
    const set = await call('updateHallSettings', { token: admin.token, body: { switchesPerMonth: 0 } });
    expect(set).toMatchObject({ status: 200, body: { switchesPerMonth: 0 } });
    expect((await call('hallSettings', { token: admin.token })).body).toEqual({
      switchesPerMonth: 0,
      chooseUntilDay: null,
    });
    const tooMany = await call('updateHallSettings', { token: admin.token, untypedBody: { switchesPerMonth: 100 } });
    expect(tooMany).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^switchesPerMonth/) } });
    await db.doc('settings/halls').delete();
  });
});

describe('a member’s choice of next month’s hall', () => {
  const emulator = process.env.FUNCTIONS_EMULATOR;
  afterEach(async () => {
    if (emulator === undefined) delete process.env.FUNCTIONS_EMULATOR;
    else process.env.FUNCTIONS_EMULATOR = emulator;
    await db.doc('settings/halls').delete();
    const choices = await db.collection('hallChoices').get();
    await Promise.all(choices.docs.map((doc) => doc.ref.delete()));
  });

  it('is made until the hostel’s day, within each hall’s member limit, and counts from that month', async () => {
    // The API's clock fixed per call (ADR 58): 10 and 21 March 2031 at noon, then 2 April.
    process.env.FUNCTIONS_EMULATOR = 'true';
    const at = (instant: string) => ({ 'x-emulator-clock': instant });
    const [march10, march21, april2] = ['2031-03-10T12:00:00Z', '2031-03-21T12:00:00Z', '2031-04-02T12:00:00Z'];
    const { admin, east, west } = await twoHalls();
    await call('updateHall', { params: { id: west }, token: admin.token, body: { memberLimit: 1 } });
    const [ann, ben] = await Promise.all([createUserDirect(), createUserDirect()]);
    const choose = (token: string, hallId: string, when = march10) =>
      call('chooseNextHall', { token, body: { hallId }, headers: at(when) });

    // Until the hostel lets members choose, an admin sets each resident's hall.
    expect(await choose(ann.token, west)).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^chooseUntilDay: /) },
    });
    const settings = await call('updateHallSettings', {
      token: admin.token,
      body: { switchesPerMonth: 4, chooseUntilDay: 20 },
    });
    expect(settings.body).toEqual({ switchesPerMonth: 4, chooseUntilDay: 20 });
    expect((await call('halls', {})).body.chooseUntilDay).toBe(20);

    expect(await choose(ann.token, west)).toMatchObject({ status: 200, body: { hallId: west, month: '2031-04' } });
    expect(await choose(ben.token, west)).toMatchObject({
      status: 409,
      body: { message: 'memberLimit: West Hall is full for 2031-04 (1 member)' },
    });
    // Ann moves to East: her place at West is given back, and Ben takes it.
    expect((await choose(ann.token, east)).status).toBe(200);
    expect((await choose(ben.token, west)).status).toBe(200);
    expect((await db.doc(`hallChoices/${west}_2031-04`).get()).get('count')).toBe(1);
    expect((await db.doc(`hallChoices/${east}_2031-04`).get()).get('count')).toBe(1);

    expect(await choose(ann.token, west, march21)).toMatchObject({
      status: 409,
      body: { message: "chooseUntilDay: the choice of 2031-04's hall closed on the 20th of this month" },
    });
    expect((await choose(ann.token, 'nowhere')).status).toBe(404);
    const cook = await createUserDirect({ role: 'staff' });
    expect((await choose(cook.token, east)).status).toBe(403);

    // GET /user: the choice waits for its month, then is the member's hall.
    const profileAt = async (when: string) =>
      (await call('user', { token: ann.token, query: { email: ann.email }, headers: at(when) })).body;
    expect(await profileAt(march21)).toMatchObject({ homeHallId: null, nextHall: { hallId: east, month: '2031-04' } });
    expect(await profileAt(april2)).toMatchObject({ homeHallId: east, nextHall: null });
  });

  it('judges the day and the month on the hostel’s clock: a month’s last evening, 29 February, summer time', async () => {
    process.env.FUNCTIONS_EMULATOR = 'true';
    const { admin, east } = await twoHalls();
    await call('updateHallSettings', { token: admin.token, body: { switchesPerMonth: 4, chooseUntilDay: 28 } });
    const member = await createUserDirect();
    const choose = (instant: string) =>
      call('chooseNextHall', { token: member.token, body: { hallId: east }, headers: { 'x-emulator-clock': instant } });
    // 23:30 on 28 February 2031 in London (winter time): still the 28th, so March is chosen.
    expect((await choose('2031-02-28T23:30:00Z')).body).toEqual({ hallId: east, month: '2031-03' });
    // 23:30 UTC on 28 March 2032 is 00:30 on the 29th in London (summer time since that morning): closed.
    expect((await choose('2032-03-28T23:30:00Z')).body.message).toBe(
      "chooseUntilDay: the choice of 2032-04's hall closed on the 28th of this month",
    );
    // 29 February 2032, a leap day: past the 28th, closed.
    expect((await choose('2032-02-29T12:00:00Z')).status).toBe(409);
    // 22:30 UTC on 31 December 2031 is still December in London: January 2032 would be chosen,
    // but the 31st is past the 28th.
    expect((await choose('2031-12-31T22:30:00Z')).body.message).toMatch(/2032-01's hall closed/);
  });
});

describe('scripts/migrate-halls.mjs', () => {
  const migrate = async () =>
    (
      await promisify(execFile)(process.execPath, [join(__dirname, '..', '..', 'scripts', 'migrate-halls.mjs')], {
        env: process.env,
        encoding: 'utf8',
      })
    ).stdout;

  it('gives a hostel from before halls its first hall, and every serving to it, once', async () => {
    const meal = await seedTitledMeal();
    const date = isolatedWeek();
    // A serving as the API stored it before halls: no hallId.
    const before = db.collection('servings').doc();
    await before.set({ mealId: meal.id, date, slot: 'lunch', capacity: null, reserved: 0, served: 0, version: 1 });
    const listedBefore = (await call('menu', { query: { from: date, days: 1 } })).body.days[0].servings;
    expect(listedBefore).toEqual([expect.objectContaining({ _id: before.id, hallId: 'main' })]);

    // A reservation recorded before its record named the hall, and one at a hall the
    // migration gives: both get their serving's hall.
    const record = db.collection('mealRequests').doc();
    await record.set({
      mealId: meal.id,
      userUid: 'someone',
      status: 'pending',
      servingId: before.id,
      servingDate: date,
    });

    // A rating and a payment as stored before halls: the payer has chosen North from next month.
    const rating = db.doc(`servingRatings/${before.id}_someone`);
    await rating.set({ servingId: before.id, uid: 'someone', mealId: meal.id, date, slot: 'lunch', stars: 4 });
    const payer = db.collection('users').doc();
    await payer.set({ name: 'Payer', nextHall: { hallId: 'north', month: '2031-02' } });
    const paid = (id: string, at: string) =>
      db.doc(`payments/${id}`).set({ uid: payer.id, status: 'succeeded', amountInCents: 1000, paidAt: new Date(at) });
    const [january, february] = [`in_jan_${payer.id}`, `in_feb_${payer.id}`];
    await paid(january, '2031-01-31T23:30:00Z');
    // Past midnight in the hostel (London, winter: UTC) on 1 February: February's, North's.
    await paid(february, '2031-02-01T00:30:00Z');

    expect(await migrate()).toMatch(
      /^Halls: the first hall created, [1-9]\d* servings given the first hall, [1-9]\d* reservations and [1-9]\d* ratings given their serving's hall, [1-9]\d* payments their payer's hall/,
    );
    expect((await before.get()).get('hallId')).toBe('main');
    expect((await record.get()).get('servingHall')).toBe('main');
    expect((await rating.get()).get('hallId')).toBe('main');
    expect((await db.doc(`payments/${january}`).get()).get('hallId')).toBe('main');
    expect((await db.doc(`payments/${february}`).get()).get('hallId')).toBe('north');
    expect((await call('halls', {})).body.halls).toEqual([
      { _id: 'main', name: 'Main hall', slots: ['breakfast', 'lunch', 'dinner'], closedDays: [], memberLimit: null },
    ]);
    // One hall: planning names none, as before.
    const admin = await newAdmin();
    const next = await planServing(admin.token, { mealId: meal.id, date: addDays(date, 1), slot: 'lunch' });
    expect((await db.doc(`servings/${next}`).get()).get('hallId')).toBe('main');

    expect(await migrate()).toMatch(
      /^Halls: a hall exists already, 0 servings given the first hall, 0 reservations and 0 ratings given their serving's hall, 0 payments their payer's hall/,
    );
    await Promise.all([january, february].map((id) => db.doc(`payments/${id}`).delete()));
  });
});
