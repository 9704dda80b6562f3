// The weekly menu (ADR 0029): planning servings and the public menu, with every bad input the
// issue names. Changing, closing, copying and the kitchen's day: menu-planning.test.ts.
import { describe, expect, it } from 'vitest';
import { addDays } from '@hostelhub/contracts';
import { call, db } from './support/emulators.js';
import { isolatedWeek, menuOf, newAdmin, planServing, servingData } from './support/menu.js';
import { seedTitledMeal } from './support/meals.js';
import { createUserDirect } from './support/users.js';

describe('POST /servings and GET /menu', () => {
  it('plans a lunch with the slot defaults in the hostel zone and shows it on the public menu', async () => {
    const admin = await newAdmin();
    const meal = await seedTitledMeal({ title: 'Menu Lentil Soup', price: 9.5 });
    const monday = isolatedWeek();
    const wednesday = addDays(monday, 2);
    const id = await planServing(admin.token, { mealId: meal.id, date: wednesday, slot: 'lunch', capacity: 40 });

    const menu = await menuOf(monday);
    expect(menu.timeZone).toBe('Europe/London');
    expect(menu.days.map((day: any) => day.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
    expect(menu.days[0]).toEqual({ date: monday, closed: null, servings: [] });
    expect(menu.days[2].servings).toEqual([
      {
        _id: id,
        hallId: 'main',
        date: wednesday,
        slot: 'lunch',
        startsAt: expect.any(String),
        endsAt: expect.any(String),
        cutoffAt: expect.any(String),
        capacity: 40,
        reserved: 0,
        version: 1,
        meal: {
          _id: meal.id,
          title: 'Menu Lentil Soup',
          image: '/images/test-meal.jpg',
          price: 9.5,
          category: 'Lunch',
          rating: 0,
          // Stored without labels: not declared, never shown as free of anything.
          allergens: null,
          dietTags: [],
        },
      },
    ]);
    const stored = await servingData(id);
    expect(stored).toMatchObject({ mealTitle: 'Menu Lentil Soup', reserved: 0, served: 0, capacity: 40 });
  });

  it('orders a day by slot and shows an edited meal title without touching the serving', async () => {
    const admin = await newAdmin();
    const soup = await seedTitledMeal({ title: 'Zucchini Soup' });
    const oats = await seedTitledMeal({ title: 'Oats' });
    const day = addDays(isolatedWeek(), 1);
    await planServing(admin.token, { mealId: soup.id, date: day, slot: 'dinner' });
    await planServing(admin.token, { mealId: oats.id, date: day, slot: 'breakfast' });
    await planServing(admin.token, { mealId: soup.id, date: day, slot: 'lunch', capacity: null });
    await db.doc(`meals/${soup.id}`).update({ title: 'Courgette Soup' });

    const [only] = (await menuOf(day, 1)).days;
    expect(only.servings.map((s: any) => [s.slot, s.meal.title, s.capacity])).toEqual([
      ['breakfast', 'Oats', null],
      ['lunch', 'Courgette Soup', null],
      ['dinner', 'Courgette Soup', null],
    ]);
  });

  it('keeps wall-clock times across the October daylight-saving change in Europe/London', async () => {
    const admin = await newAdmin();
    const meal = await seedTitledMeal();
    // Clocks go back at 02:00 on Sunday 25 October 2026: BST (UTC+1) before, GMT after.
    await planServing(admin.token, { mealId: meal.id, date: '2026-10-24', slot: 'lunch' });
    await planServing(admin.token, { mealId: meal.id, date: '2026-10-26', slot: 'lunch' });
    await planServing(admin.token, { mealId: meal.id, date: '2026-10-26', slot: 'breakfast' });
    // Other tests plan on these dates too: only this meal's servings count here.
    const days = (await menuOf('2026-10-24', 3)).days.map((day: any) => ({
      ...day,
      servings: day.servings.filter((serving: any) => serving.meal._id === meal.id),
    }));
    const [saturday] = days[0].servings;
    expect(saturday).toMatchObject({
      startsAt: '2026-10-24T11:00:00.000Z',
      endsAt: '2026-10-24T13:00:00.000Z',
      cutoffAt: '2026-10-24T09:00:00.000Z',
    });
    const [breakfast, lunch] = days[2].servings;
    expect(lunch).toMatchObject({
      startsAt: '2026-10-26T12:00:00.000Z',
      endsAt: '2026-10-26T14:00:00.000Z',
      cutoffAt: '2026-10-26T10:00:00.000Z',
    });
    // Breakfast's cutoff is 20:00 the evening before: Sunday, already GMT.
    expect(breakfast).toMatchObject({ startsAt: '2026-10-26T07:30:00.000Z', cutoffAt: '2026-10-25T20:00:00.000Z' });
  });

  it('refuses bad input with a 400/404/409 message and writes nothing', async () => {
    const admin = await newAdmin();
    const meal = await seedTitledMeal();
    const day = addDays(isolatedWeek(), 3);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ mealId: meal.id, date: '2026-02-30', slot: 'lunch' }, 400, /date: is not a real date/],
      [{ mealId: meal.id, date: '25/11/2026', slot: 'lunch' }, 400, /date: must be a date/],
      [{ mealId: meal.id, date: day, slot: 'brunch' }, 400, /slot: must be breakfast, lunch or dinner/],
      [{ mealId: meal.id, date: day, slot: 'lunch', startTime: '14:00', endTime: '12:00' }, 400, /endTime/],
      [{ mealId: meal.id, date: day, slot: 'lunch', endTime: '11:00' }, 400, /endTime: must be after startTime/],
      [{ mealId: meal.id, date: day, slot: 'lunch', startTime: '25:00' }, 400, /startTime/],
      [{ mealId: meal.id, date: day, slot: 'lunch', capacity: 0 }, 400, /capacity: must be at least 1/],
      [{ mealId: meal.id, date: day, slot: 'lunch', capacity: 2.5 }, 400, /capacity/],
      [{ mealId: meal.id, date: day, slot: 'lunch', cutoffAt: 'tomorrow' }, 400, /cutoffAt/],
      [{ mealId: meal.id, date: day, slot: 'lunch', cutoffAt: `${addDays(day, 1)}T10:00:00Z` }, 400, /cutoffAt/],
      [{ mealId: meal.id, date: day, slot: 'lunch', extra: 1 }, 400, /.+/],
      [{ mealId: 'no-such-meal', date: day, slot: 'lunch' }, 404, /Meal not found/],
    ];
    for (const [body, status, message] of cases) {
      const response = await call('addServing', { token: admin.token, untypedBody: body });
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await db.collection('servings').where('date', '==', day).get()).size).toBe(0);

    await planServing(admin.token, { mealId: meal.id, date: day, slot: 'lunch' });
    const twice = await call('addServing', { token: admin.token, body: { mealId: meal.id, date: day, slot: 'lunch' } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/already on the menu for Lunch on/);
    expect((await db.collection('servings').where('date', '==', day).get()).size).toBe(1);
  });

  it('is for admins only', async () => {
    const student = await createUserDirect({ membership: 'Gold' });
    const meal = await seedTitledMeal();
    const body = { mealId: meal.id, date: isolatedWeek(), slot: 'lunch' as const };
    expect((await call('addServing', { body })).status).toBe(401);
    expect((await call('addServing', { token: student.token, body })).status).toBe(403);
    expect((await call('kitchen', { token: student.token })).status).toBe(403);
    expect(
      (await call('closeDay', { params: { date: body.date }, token: student.token, body: { note: 'x' } })).status,
    ).toBe(403);
  });

  it('refuses a bad menu query', async () => {
    for (const [query, message] of [
      ['from=2026-02-30', /from: is not a real date/],
      ['from=tomorrow', /from: must be a date/],
      ['days=0', /days must be 1 to 14/],
      ['days=15', /days must be 1 to 14/],
      ['days=two', /days/],
    ] as const) {
      const response = await call('menu', { query });
      expect(response.status, query).toBe(400);
      expect(response.body.message, query).toMatch(message);
    }
  });

  it('answers today and 7 days by default, and up to 14', async () => {
    const seven = await call('menu');
    expect(seven.status).toBe(200);
    expect(seven.body.days).toHaveLength(7);
    const fourteen = await call('menu', { query: { days: '14' } });
    expect(fourteen.body.days).toHaveLength(14);
    expect(fourteen.body.days[0].date).toBe(seven.body.days[0].date);
  });
});

describe('GET /meal/{id}/servings', () => {
  it("lists the meal's servings from today for two weeks, and 404 for an unknown meal", async () => {
    const admin = await newAdmin();
    const meal = await seedTitledMeal();
    const today = (await call('menu', { query: { days: '1' } })).body.days[0].date as string;
    await planServing(admin.token, { mealId: meal.id, date: addDays(today, 3), slot: 'dinner' });
    await planServing(admin.token, { mealId: meal.id, date: addDays(today, 1), slot: 'lunch' });
    await planServing(admin.token, { mealId: meal.id, date: addDays(today, 20), slot: 'lunch' });
    await planServing(admin.token, { mealId: meal.id, date: addDays(today, -1), slot: 'lunch' });
    const response = await call('mealServings', { params: { id: meal.id } });
    expect(response.status).toBe(200);
    expect(response.body.items.map((s: any) => s.date)).toEqual([addDays(today, 1), addDays(today, 3)]);
    expect((await call('mealServings', { params: { id: 'no-such-meal' } })).status).toBe(404);
  });
});
