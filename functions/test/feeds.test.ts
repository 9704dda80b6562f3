// The menu as feeds (ADR 77): GET /feeds/{hall}/openmensa.xml validated against OpenMensa's own
// XSD (vendored in support/), GET /feeds/{hall}/menu.ics read back by a calendar library
// (ical.js, as Thunderbird reads it) across the clock change of the hostel's zone, hostile
// meal titles kept as text in both, and the refusals and caching of a public read. Each test
// removes its halls and the servings planned at them, as halls.test.ts does: the other files
// of this worker plan servings as a one-hall hostel.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { call, db, urlOf } from './support/emulators.js';
import { startLocalApi, type LocalApi } from './support/local-api.js';
import { mealBody } from './support/meals.js';
import { newAdmin, planServing } from './support/menu.js';
import { createUserDirect } from './support/users.js';

const openMensaSchema = readFileSync(join(__dirname, 'support', 'open-mensa-v2.xsd'), 'utf8');

/** The days around the spring clock change of Europe/London, the hostel's zone in the tests. */
const monday = '2030-03-25';
const hostelClosed = '2030-03-26';
const hallClosed = '2030-03-27';
const saturday = '2030-03-30';
// Clocks go forward at 01:00 UTC: from here on, 12:00 in London is 11:00 UTC.
const changeDay = '2030-03-31';
const mondayAfter = '2030-04-01';
/** The 15th day from `monday`: past the feed's 14. */
const pastTheFeed = '2030-04-08';

/** A title a feed must carry as text: markup, quotes, iCalendar's separators, a CDATA end, a bell. */
const hostileTitle = '<b>&"Tom\'s</b> fish, chips;\npeas \\ ]]> \u0007done';

let opened: LocalApi | undefined;
const closedDays: string[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await opened?.close();
  opened = undefined;
  const halls = await db.collection('halls').get();
  for (const hall of halls.docs) {
    const servings = await db.collection('servings').where('hallId', '==', hall.id).get();
    await Promise.all([...servings.docs, hall].map((doc) => doc.ref.delete()));
  }
  await Promise.all(closedDays.splice(0).map((date) => db.doc(`closedDays/${date}`).delete()));
});

/** GET of a feed as an app fetches it: status, headers and the text. */
async function fetchFeed(name: 'menuCalendar' | 'openMensaFeed', hall: string, token?: string) {
  const response = await fetch(urlOf(name, { params: { hall } }), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function addMeal(token: string, overrides: Record<string, unknown>) {
  const response = await call('addMeal', { token, body: mealBody(overrides) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.insertedId as string;
}

/**
 * Two halls, East (closed on `hallClosed`) and West, a hostel closed day, and East's servings
 * on both sides of the clock change, with a meal of each kind of label and the hostile title.
 */
async function plannedAroundTheClockChange() {
  const admin = await newAdmin();
  const addHall = (body: Record<string, unknown>) => call('addHall', { token: admin.token, untypedBody: body });
  const [east, west] = [
    await addHall({ name: 'East Hall', closedDays: [hallClosed] }),
    await addHall({ name: 'West' }),
  ];
  expect([east.status, west.status]).toEqual([201, 201]);
  const hall = east.body.insertedId as string;
  const otherHall = west.body.insertedId as string;

  const closed = await call('closeDay', {
    params: { date: hostelClosed },
    token: admin.token,
    body: { note: 'Staff training' },
  });
  expect(closed.status).toBe(200);
  closedDays.push(hostelClosed);

  const labelled = await addMeal(admin.token, {
    title: 'Feed Lentil Soup',
    price: 9.5,
    allergens: ['gluten', 'milk'],
    dietTags: ['vegetarian'],
  });
  const hostile = await addMeal(admin.token, { title: hostileTitle, price: 12 });
  const free = await addMeal(admin.token, {
    title: 'Feed Fruit Bowl',
    price: 3.25,
    allergens: [],
    dietTags: ['vegan'],
  });
  const elsewhere = await addMeal(admin.token, { title: 'West Only Stew' });
  const late = await addMeal(admin.token, { title: 'Too Late Pie' });

  const plan = (mealId: string, date: string, slot: string, hallId = hall) =>
    planServing(admin.token, { mealId, date, slot, hallId });
  const servings = {
    saturdayLunch: await plan(labelled, saturday, 'lunch'),
    saturdayDinner: await plan(hostile, saturday, 'dinner'),
    changeDayBreakfast: await plan(free, changeDay, 'breakfast'),
    mondayLunch: await plan(labelled, mondayAfter, 'lunch'),
    mondayFruit: await plan(free, mondayAfter, 'lunch'),
  };
  await plan(elsewhere, saturday, 'lunch', otherHall);
  await plan(late, pastTheFeed, 'lunch');
  // The feeds read from today in the hostel's zone: the Monday before the change.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${monday}T09:00:00Z`).getTime() });
  return { admin, hall, otherHall, servings };
}

/** The wall-clock time of an instant in London: what a calendar set to the hostel's zone shows. */
const londonTime = (instant: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(instant);

describe('GET /feeds/{hall}/openmensa.xml', () => {
  it("is OpenMensa's feed v2.1, valid against its XSD: closed days, slots as categories, labels as notes, prices by role", async () => {
    const { hall } = await plannedAroundTheClockChange();
    const feed = await fetchFeed('openMensaFeed', hall);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('application/xml; charset=utf-8');

    const validation = await validateXML({
      xml: [{ fileName: 'openmensa.xml', contents: feed.text }],
      schema: [{ fileName: 'open-mensa-v2.xsd', contents: openMensaSchema }],
    });
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);

    expect(feed.text).toContain('<openmensa version="2.1" xmlns="http://openmensa.org/open-mensa-v2"');
    expect(feed.text).toContain('<name>HostelHub, East Hall</name>');
    // The hostel's closed day and the hall's own are closed; a day with nothing planned has no data.
    expect(feed.text).toContain(`<day date="${hostelClosed}">\n      <closed/>\n    </day>`);
    expect(feed.text).toContain(`<day date="${hallClosed}">\n      <closed/>\n    </day>`);
    expect(feed.text).not.toContain(`<day date="${monday}">`);
    // The day after the change: one lunch category holding both of its meals, the labels as notes,
    // the meal's one price for residents (student) and anyone else (other).
    expect(feed.text).toContain(
      [
        `    <day date="${mondayAfter}">`,
        '      <category name="Lunch">',
        '        <meal>',
        '          <name>Feed Fruit Bowl</name>',
        '          <note>Vegan</note>',
        '          <note>Contains none of the 14 allergens</note>',
        '          <price role="student">3.25</price>',
        '          <price role="other">3.25</price>',
        '        </meal>',
        '        <meal>',
        '          <name>Feed Lentil Soup</name>',
        '          <note>Vegetarian</note>',
        '          <note>Contains gluten</note>',
        '          <note>Contains milk</note>',
        '          <price role="student">9.50</price>',
        '          <price role="other">9.50</price>',
        '        </meal>',
        '      </category>',
        '    </day>',
      ].join('\n'),
    );
    expect(feed.text).toContain(`<day date="${changeDay}">\n      <category name="Breakfast">`);
    // Only this hall's servings, and only the feed's 14 days.
    expect(feed.text).not.toContain('West Only Stew');
    expect(feed.text).not.toContain('Too Late Pie');
  });

  it('carries a hostile meal title as text, and the validator refuses what the schema does not allow', async () => {
    const { hall } = await plannedAroundTheClockChange();
    const feed = await fetchFeed('openMensaFeed', hall);
    expect(feed.text).toContain(
      '<name>&lt;b&gt;&amp;&quot;Tom&apos;s&lt;/b&gt; fish, chips;\npeas \\ ]]&gt; done</name>\n          <note>Allergens not declared: ask the kitchen</note>',
    );
    expect(feed.text).not.toContain('<b>');
    expect(feed.text).not.toContain('\u0007');

    // The validation can fail: a role OpenMensa does not know, and a closed day with a meal.
    const schema = [{ fileName: 'open-mensa-v2.xsd', contents: openMensaSchema }];
    const wrongRole = feed.text.replace('role="student"', 'role="students"');
    const closedWithMeal = feed.text.replace('<closed/>', '<closed/><category name="x"/>');
    for (const contents of [wrongRole, closedWithMeal]) {
      expect((await validateXML({ xml: [{ fileName: 'openmensa.xml', contents }], schema })).valid).toBe(false);
    }
  });
});

describe('GET /feeds/{hall}/menu.ics', () => {
  it('opens in a calendar library: each serving at its instants across the clock change, closed days as whole days', async () => {
    const { hall, servings } = await plannedAroundTheClockChange();
    const feed = await fetchFeed('menuCalendar', hall);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');

    const calendar = new ICAL.Component(ICAL.parse(feed.text));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('HostelHub: East Hall menu');
    const events = calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        component,
        uid: event.uid,
        summary: event.summary,
        description: event.description,
        allDay: event.startDate.isDate,
        start: event.startDate.isDate ? event.startDate.toString() : event.startDate.toJSDate().toISOString(),
        end: event.endDate.isDate ? event.endDate.toString() : event.endDate.toJSDate().toISOString(),
      };
    });
    const byUid = new Map(events.map((event) => [event.uid, event]));

    // 12:00 in London is 12:00 UTC before the change and 11:00 UTC after it; breakfast at 07:30
    // on the day of the change is already summer time.
    const saturdayLunch = byUid.get(`serving-${servings.saturdayLunch}@hostelhub`)!;
    const mondayLunch = byUid.get(`serving-${servings.mondayLunch}@hostelhub`)!;
    const breakfast = byUid.get(`serving-${servings.changeDayBreakfast}@hostelhub`)!;
    expect([saturdayLunch.start, saturdayLunch.end]).toEqual(['2030-03-30T12:00:00.000Z', '2030-03-30T14:00:00.000Z']);
    expect([mondayLunch.start, mondayLunch.end]).toEqual(['2030-04-01T11:00:00.000Z', '2030-04-01T13:00:00.000Z']);
    expect([breakfast.start, breakfast.end]).toEqual(['2030-03-31T06:30:00.000Z', '2030-03-31T08:30:00.000Z']);
    expect([saturdayLunch, mondayLunch].map((event) => londonTime(new Date(event.start)))).toEqual(['12:00', '12:00']);

    expect(saturdayLunch).toMatchObject({
      allDay: false,
      summary: 'Lunch: Feed Lentil Soup',
      description: 'Vegetarian\nContains gluten\nContains milk',
    });
    expect(breakfast.description).toBe('Vegan\nContains none of the 14 allergens');
    expect(saturdayLunch.component.getFirstPropertyValue('dtstamp')).not.toBeNull();
    expect(saturdayLunch.component.getFirstPropertyValue('location')).toBe('East Hall, HostelHub');

    const closed = events.filter((event) => event.allDay);
    expect(closed.map(({ uid, summary, start, end }) => ({ uid, summary, start, end }))).toEqual([
      {
        uid: `closed-${hostelClosed}-${hall}@hostelhub`,
        summary: 'Kitchen closed: Staff training',
        start: hostelClosed,
        end: '2030-03-27',
      },
      {
        uid: `closed-${hallClosed}-${hall}@hostelhub`,
        summary: 'Kitchen closed: East Hall is closed',
        start: hallClosed,
        end: '2030-03-28',
      },
    ]);
    expect(closed[0]!.component.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    // East's five servings and two closed days: not West's, nor the day past the feed's 14.
    expect(events).toHaveLength(7);

    // The same UIDs on the next fetch, so a calendar updates its entries rather than doubling them.
    const again = new ICAL.Component(ICAL.parse((await fetchFeed('menuCalendar', hall)).text));
    expect(again.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component).uid)).toEqual(
      events.map((event) => event.uid),
    );
  });

  it('places each serving right across the autumn clock change, when the same hour comes twice', async () => {
    const admin = await newAdmin();
    const hall = (await call('addHall', { token: admin.token, body: { name: 'Autumn Hall' } })).body.insertedId;
    const soup = await addMeal(admin.token, { title: 'Autumn Soup' });
    // Clocks go back at 01:00 UTC on Sunday 27 October 2030: 12:00 in London is 11:00 UTC on the
    // Saturday and 12:00 UTC from the Sunday on; breakfast that Sunday is already winter time.
    const plan = (date: string, slot: string) => planServing(admin.token, { mealId: soup, date, slot, hallId: hall });
    const saturday = await plan('2030-10-26', 'lunch');
    const sunday = await plan('2030-10-27', 'breakfast');
    const monday = await plan('2030-10-28', 'lunch');
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-10-25T09:00:00Z').getTime() });

    const calendar = new ICAL.Component(ICAL.parse((await fetchFeed('menuCalendar', hall)).text));
    const starts = Object.fromEntries(
      calendar.getAllSubcomponents('vevent').map((component) => {
        const event = new ICAL.Event(component);
        return [event.uid, [event.startDate.toJSDate().toISOString(), event.endDate.toJSDate().toISOString()]];
      }),
    );
    expect(starts).toEqual({
      [`serving-${saturday}@hostelhub`]: ['2030-10-26T11:00:00.000Z', '2030-10-26T13:00:00.000Z'],
      [`serving-${sunday}@hostelhub`]: ['2030-10-27T07:30:00.000Z', '2030-10-27T09:30:00.000Z'],
      [`serving-${monday}@hostelhub`]: ['2030-10-28T12:00:00.000Z', '2030-10-28T14:00:00.000Z'],
    });
    expect(Object.values(starts).map(([start]) => londonTime(new Date(start!)))).toEqual(['12:00', '07:30', '12:00']);
  });

  it('escapes a hostile meal title, which comes back as the same text', async () => {
    const { hall, servings } = await plannedAroundTheClockChange();
    const feed = await fetchFeed('menuCalendar', hall);
    // Written with iCalendar's escapes, each line ended by CRLF and none longer than 75 octets.
    expect(feed.text).toContain('SUMMARY:Dinner: <b>&"Tom\'s</b> fish\\, chips\\;\\npeas \\\\ ]]> done');
    expect(feed.text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const unfolded = feed.text.replace(/\r\n/g, '');
    for (const character of ['\n', '\r', '\u0007']) expect(unfolded).not.toContain(character);
    const calendar = new ICAL.Component(ICAL.parse(feed.text));
    const dinner = calendar
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component))
      .find((event) => event.uid === `serving-${servings.saturdayDinner}@hostelhub`);
    expect(dinner?.summary).toBe(`Dinner: ${hostileTitle.replace('\u0007', '')}`);
    expect(dinner?.description).toBe('Allergens not declared: ask the kitchen');
  });
});

describe('the feeds', () => {
  it('refuse an unknown hall with 404 naming hall and a malformed one with 400, neither kept by a cache', async () => {
    for (const name of ['menuCalendar', 'openMensaFeed'] as const) {
      const unknown = await fetchFeed(name, 'no-such-hall');
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.text)).toEqual({ message: 'hall: no such hall' });
      expect(unknown.headers.get('cache-control')).toBe('private, no-store');
      const malformed = await call(name, { params: { hall: '__hall__' } });
      expect(malformed).toEqual({ status: 400, body: { message: 'hall: not a valid id' } });
      const tooLong = await call(name, { params: { hall: 'h'.repeat(201) } });
      expect(tooLong).toEqual({ status: 400, body: { message: 'hall: is too long' } });
    }
  });

  it('may be kept by browsers and the CDN when fetched without a token, as the public menu is', async () => {
    const admin = await newAdmin();
    const hall = (await call('addHall', { token: admin.token, body: { name: 'Cached Hall' } })).body.insertedId;
    const member = await createUserDirect();
    for (const name of ['menuCalendar', 'openMensaFeed'] as const) {
      const anonymous = await fetchFeed(name, hall);
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get('cache-control')).toBe(
        'public, max-age=30, s-maxage=300, stale-while-revalidate=600',
      );
      expect(anonymous.headers.get('vary')?.toLowerCase()).toContain('authorization');
      // An empty fortnight is still a whole feed: a calendar with no events, a canteen with no days.
      expect(anonymous.text).toMatch(name === 'menuCalendar' ? /END:VCALENDAR\r\n$/ : /<\/openmensa>\n$/);
      const signedIn = await fetchFeed(name, hall, member.token);
      expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('are answered without an App Check token where App Check is enforced: calendar apps carry none', async () => {
    const admin = await newAdmin();
    const hall = (await call('addHall', { token: admin.token, body: { name: 'Checked Hall' } })).body.insertedId;
    const refuseEveryToken = async () => {
      throw new Error('no App Check token is valid here');
    };
    opened = await startLocalApi({ appCheck: { enforced: () => true, verify: refuseEveryToken } });
    for (const name of ['menuCalendar', 'openMensaFeed'] as const) {
      expect((await opened.call(name, { params: { hall } })).status).toBe(200);
    }
    // Every other route still needs one.
    expect((await opened.call('halls')).status).toBe(401);
    expect((await opened.call('menu')).status).toBe(401);
  });
});
