// The weekly menu (ADR 0029): changing and removing servings, closed days, copying a week and
// the kitchen's day.
import { describe, expect, it } from 'vitest';
import { addDays, instantOfHostelTime } from '@hostelhub/contracts';
import { call, db, urlOf } from './support/emulators.js';
import { isolatedWeek, menuOf, newAdmin, planServing, servingData } from './support/menu.js';
import { seedTitledMeal } from './support/meals.js';

describe('PATCH and DELETE /servings/{id}', () => {
  it('changes only the fields sent, bumps the version and honours ifVersion', async () => {
    const admin = await newAdmin();
    const other = await newAdmin();
    const meal = await seedTitledMeal();
    const day = addDays(isolatedWeek(), 2);
    const id = await planServing(admin.token, { mealId: meal.id, date: day, slot: 'lunch', capacity: 10 });

    const [capacity, window] = await Promise.all([
      call('updateServing', { params: { id }, token: admin.token, body: { capacity: 30 } }),
      call('updateServing', { params: { id }, token: other.token, body: { startTime: '11:30', endTime: '13:30' } }),
    ]);
    expect([capacity.status, window.status]).toEqual([200, 200]);
    const stored = await servingData(id);
    expect(stored).toMatchObject({ capacity: 30, startTime: '11:30', endTime: '13:30', version: 3 });

    const stale = await call('updateServing', {
      params: { id },
      token: admin.token,
      body: { capacity: 12, ifVersion: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
    expect((await servingData(id))?.capacity).toBe(30);

    const moved = await call('updateServing', {
      params: { id },
      token: admin.token,
      body: { date: addDays(day, 1), ifVersion: 3 },
    });
    expect(moved.status).toBe(200);
    const [served] = (await menuOf(addDays(day, 1), 1)).days[0].servings;
    // Still 11:30-13:30 and the lunch cutoff of 10:00 the same day, on the new date.
    const wallClock = (time: string) => instantOfHostelTime(addDays(day, 1), time, 'Europe/London').toISOString();
    expect(served).toMatchObject({
      _id: id,
      date: addDays(day, 1),
      capacity: 30,
      version: 4,
      startsAt: wallClock('11:30'),
      endsAt: wallClock('13:30'),
      cutoffAt: wallClock('10:00'),
    });
  });

  it('refuses bad changes with a message and writes nothing', async () => {
    const admin = await newAdmin();
    const meal = await seedTitledMeal();
    const day = addDays(isolatedWeek(), 4);
    const id = await planServing(admin.token, { mealId: meal.id, date: day, slot: 'lunch', capacity: 5 });
    await db.doc(`servings/${id}`).update({ reserved: 3 });
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{}, 400, /at least one field/],
      [{ capacity: 2 }, 409, /capacity: Lunch on .+ already has 3 reservations/],
      [{ date: addDays(day, 1) }, 409, /has 3 reservations: its meal, date and slot cannot change/],
      [{ slot: 'dinner' }, 409, /has 3 reservations/],
      [{ endTime: '11:00' }, 400, /endTime: must be after startTime/],
      [{ date: '2026-13-01' }, 400, /date/],
    ];
    for (const [body, status, message] of cases) {
      const response = await call('updateServing', { params: { id }, token: admin.token, body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect(await servingData(id)).toMatchObject({ date: day, slot: 'lunch', capacity: 5, version: 1 });
    expect(
      (await call('updateServing', { params: { id: 'no-such-serving' }, token: admin.token, body: { capacity: 3 } }))
        .status,
    ).toBe(404);
  });

  it('deletes a serving without reservations and refuses one with them, naming it', async () => {
    const admin = await newAdmin();
    const meal = await seedTitledMeal();
    const day = '2032-11-25'; // a Thursday
    const free = await planServing(admin.token, { mealId: meal.id, date: day, slot: 'dinner' });
    const booked = await planServing(admin.token, { mealId: meal.id, date: day, slot: 'lunch' });
    await db.doc(`servings/${booked}`).update({ reserved: 3 });
    expect(await call('deleteServing', { params: { id: free }, token: admin.token })).toMatchObject({
      status: 200,
      body: { deletedCount: 1 },
    });
    const refused = await call('deleteServing', { params: { id: booked }, token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Lunch on Thu 25 Nov has 3 reservations: cancel them before removing it');
    expect(await servingData(booked)).toBeDefined();
    expect((await call('deleteServing', { params: { id: free }, token: admin.token })).status).toBe(404);
  });

  it('refuses to delete a meal planned with reservations, naming the dates', async () => {
    const admin = await newAdmin();
    const meal = await seedTitledMeal();
    const today = (await call('menu', { query: { days: '1' } })).body.days[0].date as string;
    const booked = await planServing(admin.token, { mealId: meal.id, date: addDays(today, 5), slot: 'lunch' });
    const free = await planServing(admin.token, { mealId: meal.id, date: addDays(today, 6), slot: 'lunch' });
    await db.doc(`servings/${booked}`).update({ reserved: 2 });
    const refused = await call('deleteMeal', { params: { id: meal.id }, token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^Lunch on \w{3} \d+ \w{3} has 2 reservations: cancel them before deleting the meal$/,
    );
    expect((await db.doc(`meals/${meal.id}`).get()).exists).toBe(true);

    await db.doc(`servings/${booked}`).update({ reserved: 0 });
    expect((await call('deleteMeal', { params: { id: meal.id }, token: admin.token })).status).toBe(200);
    expect(await servingData(free)).toBeUndefined();
    expect(await servingData(booked)).toBeUndefined();
  });
});

describe('closed days', () => {
  it('shows the note on the menu, refuses servings that day, and opens again', async () => {
    const admin = await newAdmin();
    const meal = await seedTitledMeal();
    const day = addDays(isolatedWeek(), 0);
    const closed = await call('closeDay', {
      params: { date: day },
      token: admin.token,
      body: { note: 'Public holiday' },
    });
    expect(closed).toMatchObject({ status: 200, body: { modifiedCount: 1 } });
    expect((await menuOf(day, 1)).days[0].closed).toEqual({ note: 'Public holiday' });
    expect((await db.doc(`closedDays/${day}`).get()).data()).toMatchObject({
      note: 'Public holiday',
      closedBy: admin.uid,
    });

    const refused = await call('addServing', {
      token: admin.token,
      body: { mealId: meal.id, date: day, slot: 'lunch' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/kitchen is closed on/);

    expect((await call('reopenDay', { params: { date: day }, token: admin.token })).status).toBe(200);
    expect((await menuOf(day, 1)).days[0].closed).toBeNull();
    expect((await call('reopenDay', { params: { date: day }, token: admin.token })).status).toBe(404);
  });

  it('refuses a bad date or note, and closing a day with reservations', async () => {
    const admin = await newAdmin();
    const meal = await seedTitledMeal();
    expect(
      (await call('closeDay', { params: { date: '2026-02-30' }, token: admin.token, body: { note: 'x' } })).body
        .message,
    ).toMatch(/date: is not a real date/);
    const day = addDays(isolatedWeek(), 1);
    expect((await call('closeDay', { params: { date: day }, token: admin.token, body: { note: ' ' } })).status).toBe(
      400,
    );
    const id = await planServing(admin.token, { mealId: meal.id, date: day, slot: 'lunch' });
    await db.doc(`servings/${id}`).update({ reserved: 1 });
    const refused = await call('closeDay', { params: { date: day }, token: admin.token, body: { note: 'Closed' } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Lunch on .+ has 1 reservation: the day cannot be closed/);
    expect((await db.doc(`closedDays/${day}`).get()).exists).toBe(false);
  });
});

describe('POST /menu/copy-week', () => {
  it('copies a week, skipping servings already there and closed days', async () => {
    const admin = await newAdmin();
    const soup = await seedTitledMeal();
    const stew = await seedTitledMeal();
    const source = isolatedWeek();
    const target = addDays(source, 7);
    await planServing(admin.token, {
      mealId: soup.id,
      date: source,
      slot: 'lunch',
      capacity: 12,
      startTime: '12:30',
      endTime: '13:30',
    });
    await planServing(admin.token, { mealId: stew.id, date: addDays(source, 1), slot: 'dinner' });
    await planServing(admin.token, { mealId: soup.id, date: addDays(source, 2), slot: 'lunch' });
    // Already in the target week, and a closed day there.
    await planServing(admin.token, { mealId: stew.id, date: addDays(target, 1), slot: 'dinner' });
    await call('closeDay', { params: { date: addDays(target, 2) }, token: admin.token, body: { note: 'Closed' } });

    const copied = await call('copyWeek', {
      token: admin.token,
      body: { fromWeek: addDays(source, 3), toWeek: addDays(target, 6) },
    });
    expect(copied).toMatchObject({ status: 201, body: { inserted: 1, skipped: 2 } });
    const week = (await menuOf(target)).days;
    expect(week.map((day: any) => day.servings.length)).toEqual([1, 1, 0, 0, 0, 0, 0]);
    expect(week[0].servings[0]).toMatchObject({ capacity: 12, reserved: 0, meal: { _id: soup.id } });
    // The same wall-clock window a week later, whatever daylight saving did in between.
    expect(week[0].servings[0].startsAt).toBe(instantOfHostelTime(target, '12:30', 'Europe/London').toISOString());
    expect(week[0].servings[0].cutoffAt).toBe(instantOfHostelTime(target, '10:00', 'Europe/London').toISOString());

    const again = await call('copyWeek', { token: admin.token, body: { fromWeek: source, toWeek: target } });
    expect(again.body).toEqual({ inserted: 0, skipped: 3 });
    const same = await call('copyWeek', { token: admin.token, body: { fromWeek: source, toWeek: addDays(source, 2) } });
    expect(same.status).toBe(400);
    expect(
      (await call('copyWeek', { token: admin.token, body: { fromWeek: '2026-02-30', toWeek: target } })).status,
    ).toBe(400);
  });
});

describe('GET /kitchen', () => {
  it("answers a day's servings with reserved, served and capacity", async () => {
    const admin = await newAdmin();
    const meal = await seedTitledMeal({ title: 'Kitchen Curry' });
    const day = addDays(isolatedWeek(), 2);
    const id = await planServing(admin.token, { mealId: meal.id, date: day, slot: 'lunch', capacity: 20 });
    await db.doc(`servings/${id}`).update({ reserved: 7, served: 2 });
    const response = await call('kitchen', { query: { date: day }, token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      date: day,
      timeZone: 'Europe/London',
      closed: null,
      servings: [
        {
          _id: id,
          hallId: 'main',
          slot: 'lunch',
          startsAt: expect.any(String),
          endsAt: expect.any(String),
          cutoffAt: expect.any(String),
          meal: { _id: meal.id, title: 'Kitchen Curry' },
          reserved: 7,
          served: 2,
          capacity: 20,
          // Members reserve here: the count is the reservations (ADR 74).
          members: null,
          onLeave: 0,
          skipped: 0,
          counted: 7,
        },
      ],
    });
    expect((await call('kitchen', { query: { date: '2026-02-30' }, token: admin.token })).status).toBe(400);
    expect((await call('kitchen', { query: { format: 'pdf' }, token: admin.token })).status).toBe(400);
    expect((await call('kitchen', { query: { margin: '101' }, token: admin.token })).body.message).toMatch(
      /margin must be 0 to 100/,
    );
  });

  it('downloads the production sheet as CSV with portions to prepare and no formulas', async () => {
    const admin = await newAdmin();
    const curry = await seedTitledMeal({ title: 'Curry, "hot"' });
    // A formula at the start, and one after a `;` for spreadsheets that split on it.
    const hostile = await seedTitledMeal({ title: '=HYPERLINK("http://evil.test");+1+1;x' });
    const day = addDays(isolatedWeek(), 3);
    const first = await planServing(admin.token, { mealId: curry.id, date: day, slot: 'lunch' });
    const second = await planServing(admin.token, { mealId: hostile.id, date: day, slot: 'dinner', capacity: 30 });
    await db.doc(`servings/${first}`).update({ reserved: 11 });
    await db.doc(`servings/${second}`).update({ reserved: 20, served: 1 });

    const response = await fetch(urlOf('kitchen', { query: { date: day, format: 'csv', margin: 10 } }), {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="production-sheet-${day}.csv"`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines).toEqual([
      '"Date","Slot","Window","Meal","Capacity","Reserved","Counted","Served","Margin %","Portions to prepare"',
      `"${day}","Lunch","12:00-14:00","Curry, ""hot""","","11","11","0","10","13"`,
      `"${day}","Dinner","18:30-20:30","'=HYPERLINK(""http://evil.test"");'+1+1;x","30","20","20","1","10","22"`,
    ]);
  });
});
